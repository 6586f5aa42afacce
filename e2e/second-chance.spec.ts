import { expect, test } from './support/test';
import { toast } from './support/auth';
import { demoBrowser } from './support/sessions';

/**
 * Issue 41's 復活当選 in a browser: the demo's member who lost the drawn presale (lost@mio.example.com, a real lost
 * entry of its published record) chooses to stay in line on My page; an editor releases a seat of that member's
 * seat type (制作開放席) and runs the round on the presale's staff page; the member sees the win on My page, and the
 * round's record, linked to the first, verifies on the verify page with the member's entry won.
 */
test('a member who lost stays in line, staff release a seat and run the round, the member wins and it verifies', async ({
  browser,
}, testInfo) => {
  test.slow();
  const fan = await demoBrowser(browser, 'mio', 'lost', testInfo);
  await fan.goto('/mypage');
  const row = fan.locator('[data-ticket-status="lost"]');
  await row.getByRole('button', { name: '復活当選を希望する' }).click();
  await expect(toast(fan, '復活当選の抽選をお待ちいただけます。')).toBeVisible();
  await expect(row.locator('[data-second-chance="waiting"]')).toContainText('復活当選 待機中');
  const itemId = (await row.getByRole('link').first().getAttribute('href'))!.split('/').pop()!;
  const view = (await (await fan.request.get(`/api/presales/item/${itemId}`)).json()) as {
    id: string;
    mine: { receiptNo: string; choices: string[] };
  };

  const staff = await demoBrowser(browser, 'mio', 'editor', testInfo);
  await staff.goto(`/staff/presales/${itemId}`);
  const section = staff.getByTestId('second-chance');
  await section.getByLabel('席種').selectOption(view.mine.choices[0]!);
  await section.getByLabel('席数').fill('1');
  await section.getByRole('button', { name: '追加する' }).click();
  await expect(toast(staff, '制作開放席を追加しました')).toBeVisible();
  await section.getByRole('button', { name: '復活当選の抽選を行う' }).click();
  await expect(toast(staff, '第3回の抽選を行いました（当選 1件）')).toBeVisible();
  await expect(section.getByTestId('second-rounds')).toContainText('第3回（復活当選）');

  await fan.reload();
  const won = fan.locator('[data-ticket-status="won"]');
  await expect(won).toContainText('復活当選（第3回抽選）で当選しました。');
  await expect(won).toContainText('第1希望で当選');

  await fan.goto(`/presales/${view.id}/verify?round=3&entry=${view.mine.receiptNo}`);
  await expect(fan.getByRole('status')).toContainText('検証できました', { timeout: 20_000 });
  await expect(fan.locator('[data-second-round="3"]')).toContainText('復活当選');
  await expect(fan.locator('[data-my-entry]')).toHaveAttribute('data-my-entry', 'won');
  await fan.context().close();
  await staff.context().close();
});
