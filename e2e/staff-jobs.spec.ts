import { expect, test } from './support/test';
import { demoSession } from './support/sessions';
import { expectNoSeriousViolations } from './support/axe';
import { MIO_URL } from './support/sites';

/**
 * The owner's 定期処理: every background job the server runs, each run by the one job runner (docs/decisions/0038)
 * on the demo's embedded database. Other roles' refusal is in staff-access.spec.ts; the phone layout in
 * staff-owner.spec.ts.
 */
test.use({ storageState: demoSession('mio', 'owner') });

test('the owner sees every background job with its schedule, last run and state', async ({ page }) => {
  await page.goto(`${MIO_URL}/staff/jobs`);
  await expect(page.getByRole('heading', { level: 1, name: '定期処理' })).toBeVisible();
  const jobs = [
    ['payment-reconciliation', '決済の照合', '30秒ごと'],
    ['presale', '先行受付の抽選・結果・支払い', '15秒ごと'],
    ['ticket-issue', '電子チケットの発券', '15秒ごと'],
    ['resale', '公式リセールの抽選・支払い・返金', '15秒ごと'],
    ['mail-delivery', 'メール配信', '1秒ごと'],
    ['renewal-reminders', '更新日のお知らせ', '10分ごと'],
  ] as const;
  const row = (name: string) => page.getByTestId('jobs').locator(`tr[data-job="${name}"]`);
  const dateTime = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;
  // The demo's server runs each job soon after it starts (on the embedded database, through the same runner).
  await expect(async () => {
    await page.reload();
    for (const [name] of jobs)
      await expect(row(name).locator('[data-field="succeeded"]')).toHaveText(dateTime, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  for (const [name, label, every] of jobs) {
    await expect(row(name).getByRole('rowheader')).toHaveText(label);
    await expect(row(name)).toContainText(every);
    await expect(row(name).locator('[data-field="state"]')).toHaveText(/^(停止中|実行中)/);
  }
  await expectNoSeriousViolations(page, 'staff jobs');
});
