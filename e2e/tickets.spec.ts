import path from 'node:path';
import { expect, freshContext, test, type Browser, type Page } from './support/test';
import { SITE_URLS } from './support/auth';
import { expectNoSeriousViolations } from './support/axe';
import { demoBrowser, demoSession } from './support/sessions';
import { fakeCameraArgs, fetchCodes, freshestCode, writeQrVideo } from './support/tickets';

/**
 * E-tickets (issue 24, decision 0033): the demo premium member's tickets (seeded, issued, seats shown) carry a living
 * code, and the door page reads it through Chromium's fake camera: admitted once, refused the second time, refused
 * when the code is two minutes old, and checked offline then synced (flagged: the demo's show is not today).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('a fan’s ticket and member card show a living code that changes within 31 seconds', async ({
  browser,
}, testInfo) => {
  const page = await demoBrowser(browser, 'mio', 'premium', testInfo);
  // The page's own clock, moved on below: the 30 seconds of a window pass at once.
  await page.clock.install();
  await page.goto('/mypage');
  const ticket = page.getByTestId('e-ticket').first();
  await expect(ticket).toContainText('チケット不正転売禁止法');
  await expect(ticket.getByTestId('e-ticket-seat')).toContainText(/ブロック \d+列 \d+番/);
  await expect(page.getByTestId('member-card-code').getByTestId('living-code')).toHaveAttribute(
    'data-window',
    /\d+/,
  );
  const code = ticket.getByTestId('living-code');
  await expect(code).toHaveAttribute('data-window', /\d+/);
  await expectNoSeriousViolations(page, 'my page with e-tickets');
  const first = await code.getAttribute('data-window');
  const clock = await code.getByTestId('living-clock').textContent();
  await page.clock.runFor(1_000);
  await expect(code.getByTestId('living-clock')).not.toHaveText(clock!);
  await page.clock.runFor(30_000);
  await expect(code).not.toHaveAttribute('data-window', first!);
  await page.context().close();
});

async function doorPage(browser: Browser, offsetMs = 0): Promise<Page> {
  const context = await freshContext(browser, {
    baseURL: SITE_URLS.mio,
    storageState: demoSession('mio', 'door'),
    viewport: { width: 390, height: 844 },
    permissions: ['camera'],
  });
  const page = await context.newPage();
  if (offsetMs) await page.clock.setFixedTime(new Date(Date.now() + offsetMs));
  await page.goto('/staff/door');
  await expect(page.getByTestId('door-status')).toContainText('名簿');
  return page;
}

test('the door admits a ticket once, refuses it the second time, and refuses a code two minutes old', async ({
  playwright,
}, testInfo) => {
  const batch = await fetchCodes(playwright, 'mio');
  const ticketId = batch.subjects.find((subject) => subject.ref !== 'card')!.ref;
  const video = path.join(testInfo.outputDir, 'ticket-1.y4m');
  writeQrVideo(freshestCode(batch, ticketId), video);
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: fakeCameraArgs(video),
  });
  try {
    const page = await doorPage(browser);
    await page.getByTestId('door-camera').click();
    const result = page.getByTestId('door-result');
    await expect(result).toHaveAttribute('data-outcome', 'admitted');
    await expect(result).toContainText('入場OK');
    await expect(result).toContainText(/会員番号/);
    // The camera keeps seeing the same phone: once the same-scan pause is over, it is a second entry.
    await expect(result).toHaveAttribute('data-reason', 'used', { timeout: 15_000 });
    await expect(page.getByTestId('door-message')).toHaveText(/入場済み/);
    await expectNoSeriousViolations(page, 'door page');

    // The same code, shown two minutes after it was made (a screenshot): the door's clock says it is over.
    const later = await doorPage(browser, 150_000);
    await later.getByTestId('door-camera').click();
    await expect(later.getByTestId('door-result')).toHaveAttribute('data-reason', 'expired');
    await expect(later.getByTestId('door-message')).toContainText('有効期限切れ');
  } finally {
    await browser.close();
  }
});

test('the door checks offline and syncs when the connection is back', async ({ playwright }, testInfo) => {
  const batch = await fetchCodes(playwright, 'mio');
  const tickets = batch.subjects.filter((subject) => subject.ref !== 'card');
  expect(tickets.length, 'the demo member holds a second ticket').toBeGreaterThan(0);
  const video = path.join(testInfo.outputDir, 'ticket-2.y4m');
  writeQrVideo(freshestCode(batch, tickets.at(-1)!.ref), video);
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: fakeCameraArgs(video),
  });
  try {
    const page = await doorPage(browser);
    await page.context().setOffline(true);
    await expect(page.getByTestId('door-status')).toContainText('オフライン');
    await page.getByTestId('door-camera').click();
    const result = page.getByTestId('door-result');
    await expect(result).toHaveAttribute('data-outcome', 'admitted');
    await expect(page.getByTestId('door-message')).toContainText('オフライン確認');
    await expect(page.getByTestId('door-status')).toContainText('未同期 1件');
    // The camera stops until the sync is seen: left on, it reads the phone again every 4 seconds, and the online
    // admission this test looks for would come and go (入場済み 4 seconds later) before the sync's flag is checked.
    await page.getByTestId('door-camera').click();
    await page.context().setOffline(false);
    await expect(page.getByTestId('door-status')).not.toContainText('未同期', { timeout: 15_000 });
    // The demo's show is two weeks away: a scan claimed today lies outside its door window (docs/decisions/0036),
    // so the server does not record it and flags it for staff; the next read, online, is judged by the server now.
    await expect(page.getByTestId('door-flags')).toContainText('入場受付時間');
    await page.getByTestId('door-camera').click();
    await expect(page.getByTestId('door-message')).toHaveText('入場できます。');
  } finally {
    await browser.close();
  }
});
