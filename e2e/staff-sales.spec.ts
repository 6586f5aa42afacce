import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from './support/test';
import { demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL } from './support/sites';

/**
 * The owner's 売上: the last twelve months of the demo's payments (card and konbini membership, presale tickets,
 * refunds; scripts/lib/seed-sales.ts seeds some in earlier months) and their CSV. Other roles' refusal is in
 * staff-access.spec.ts. Other specs pay while this one runs, so the page and its CSV are compared from one reading
 * to the next until they agree.
 */
test.use({ storageState: demoSession('mio', 'owner') });

const yen = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The 12か月合計 row's 売上 (the second figure: 件数 comes first). */
async function pageGross(page: Page): Promise<number> {
  const total = page.getByTestId('sales-months').getByRole('row', { name: /12か月合計/ });
  return yen(await total.getByRole('cell').nth(1).innerText());
}

test('the owner opens 売上 from the staff menu and downloads the CSV, whose total is the page’s', async ({
  page,
}) => {
  await page.goto(`${MIO_URL}/staff`);
  await page
    .getByRole('navigation', { name: 'スタッフメニュー' })
    .getByRole('link', { name: '売上' })
    .click();
  await expect(page).toHaveURL(`${MIO_URL}/staff/sales`);
  await expect(page.getByRole('heading', { level: 1, name: '売上' })).toBeVisible();
  const months = page.getByTestId('sales-months');
  for (const label of ['月', '件数', '売上', '返金', '手数料', '差引'])
    await expect(months.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
  // Twelve months and the total; the sandbox reports no fee: 「—」, never 0円.
  await expect(months.locator('tbody tr')).toHaveCount(12);
  await expect(months.getByRole('row', { name: /12か月合計/ })).toContainText('—');
  expect(await pageGross(page)).toBeGreaterThan(0);

  // An earlier month with sales (the demo's are relative to today), its rows by source chosen by its label.
  const earlier = months
    .locator('tbody tr')
    .filter({ hasNot: page.getByRole('cell', { name: '0件', exact: true }) })
    .nth(1)
    .getByRole('rowheader');
  const label = await earlier.innerText();
  await page.getByLabel('内訳を表示する月', { exact: true }).selectOption({ label });
  await page.getByRole('button', { name: '表示', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${label}の内訳` })).toBeVisible();
  await expect(page.getByTestId('sales-detail').getByRole('row', { name: /会費/ }).first()).toBeVisible();

  await expect(async () => {
    await page.reload();
    const gross = await pageGross(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSVをダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{6}-\d{6}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFF月,区分,プラン,支払方法,件数,売上,返金,手数料,差引');
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    const total = rows.at(-1)!;
    expect(total['月']).toBe('合計');
    expect(Number(total['売上'])).toBe(gross);
    // The lines add up to the total (no per-month totals to count twice).
    expect(rows.slice(0, -1).reduce((sum, row) => sum + Number(row['売上']), 0)).toBe(gross);
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'staff sales');
});

test(
  '売上 fits a phone: its tables scroll in their own box, the page never sideways',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(`${MIO_URL}/staff/sales`);
    await expect(page.getByRole('heading', { level: 1, name: '売上' })).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await expect(page.getByRole('link', { name: 'CSVをダウンロード' })).toBeVisible();
    await expectNoSeriousViolations(page, 'staff sales phone');
  },
);
