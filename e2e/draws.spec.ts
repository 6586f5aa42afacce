import { expect, test } from './support/test';
import {
  checkRecordAgainstLog,
  LOCAL_BEACON_NOTE,
  verifyDrawLog,
  verifyDrawRecord,
  type DrawLog,
  type PublicDraw,
} from '@/features/presale';

/**
 * Issue 37, signed out: a TICKET item shows what its presale fixed in advance (the commitment and the beacon from the
 * opening, the frozen list from the close, the record's links after the results); the site's draws index and its
 * draw log are public, the log chains, and every published record is the file the log hashed at its draw.
 * The demo seeds the site's four newest TICKET items as 受付前, 受付中, 受付終了 and 抽選済 (scripts/lib/seed-presales.ts).
 */
test('signed out, the presales show what they fixed in advance, and every published draw checks against the log', async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto('/ticket');
  const items = page.locator('main a[href^="/ticket/"]');
  await expect(items.first()).toBeVisible();
  const [, openHref, , drawnHref] = await items.evaluateAll((links) => [
    ...new Set(links.map((link) => link.getAttribute('href')!)),
  ]);

  const fairness = page.getByTestId('presale-fairness');
  await page.goto(openHref!);
  await expect(fairness.locator('[data-commitment]')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(fairness.locator('[data-beacon-source="local"]')).toContainText(LOCAL_BEACON_NOTE);
  await expect(fairness.locator('[data-entry-list-hash]')).toHaveText('受付終了時に公開します');

  await page.goto(drawnHref!);
  await expect(fairness.locator('[data-entry-list-hash]')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(fairness.locator('[data-entry-count]')).toHaveText(/^[\d,]+件$/);
  await fairness.getByRole('link', { name: '抽選結果を検証する' }).click();
  await expect(page.getByRole('status')).toContainText('検証できました', { timeout: 20_000 });
  await expect(page.locator('[data-beacon-note]')).toContainText(LOCAL_BEACON_NOTE);
  // The report names each seat type as the item page does (the record itself holds offering ids only).
  await expect(page.locator('[data-offering]').first()).toContainText(
    /\d+\/\d+\(.\) \d+:\d+ .+ (指定席|立見)/,
  );

  const { draws } = (await (await request.get('/api/draws')).json()) as { draws: PublicDraw[] };
  expect(draws.length).toBeGreaterThanOrEqual(1);
  const logged = await request.get('/api/draws/log');
  expect(logged.headers()['cache-control']).toMatch(/^public/);
  const log = (await logged.json()) as DrawLog;
  expect(await verifyDrawLog(log)).toMatchObject({ ok: true });
  for (const draw of draws) {
    const bytes = new Uint8Array(await (await request.get(draw.recordUrl)).body());
    const record: unknown = JSON.parse(new TextDecoder().decode(bytes));
    expect(await verifyDrawRecord(record)).toMatchObject({ ok: true });
    expect(await checkRecordAgainstLog(record as never, bytes, log)).toEqual([]);
    // Its second rounds (the demo's 復活当選, issue 41): each its own record, linked to this one through the log.
    for (const round of draw.rounds) {
      const roundBytes = new Uint8Array(await (await request.get(round.recordUrl)).body());
      const roundRecord: unknown = JSON.parse(new TextDecoder().decode(roundBytes));
      expect(await verifyDrawRecord(roundRecord)).toMatchObject({ ok: true });
      expect(await checkRecordAgainstLog(roundRecord as never, roundBytes, log)).toEqual([]);
    }
  }
  expect(draws.some((draw) => draw.rounds.length > 0)).toBe(true);

  // Other specs set up and draw presales meanwhile: the pages show at least what the JSON held, oldest entry last.
  await page.goto('/draws');
  const listed = page.getByTestId('draws').getByRole('listitem');
  await expect.poll(() => listed.count()).toBeGreaterThanOrEqual(draws.length);
  await page.goto('/draws/log');
  const rows = page.getByTestId('draw-log').locator('tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(log.entries.length);
  await expect(rows.last().locator('td').first()).toHaveText('1');
  await expect(page.getByText('正となるのは JSON')).toBeVisible();
});
