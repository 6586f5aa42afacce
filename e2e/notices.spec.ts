import { expect, test } from './support/test';
import { MIO_URL } from './support/sites';
import { demoBrowser } from './support/sessions';
import { joinedMember, post } from './support/membership';
import { MAIL_API, mailsTo, waitForMail } from './support/mail';

/**
 * Mail and お知らせ end to end (issue 22), through the real SMTP path into the server's mail catcher: a new member's
 * welcome mail and inbox, mail settings honoured by the next announcement, and the unsubscribe link signed out.
 */
test('a new member gets the welcome by mail and in お知らせ; announcements follow their settings; unsubscribe works signed out', async ({
  page,
  browser,
}) => {
  test.slow();
  const { user } = await joinedMember(page, 'mio', 'yearly');
  const number = (await page.getByTestId('card-member-number').textContent())!.replace(/\D/g, '');

  // The welcome, as the mail server received it: the site's name and this member's number.
  const welcome = await waitForMail(user.email, 'ご入会ありがとうございます');
  expect(welcome.subject).toContain('MIO FAMILY');
  expect(welcome.text).toContain(`会員番号: ${number}`);
  expect(welcome.html).toContain('MIO FAMILY');

  // The same notice in お知らせ, unread until opened.
  await page.getByTestId('notices-link').click();
  const unread = page.locator('[data-unread="true"]', { hasText: 'ご入会ありがとうございます' });
  await expect(unread).toBeVisible();
  await unread.click();
  await expect(page.getByText(`会員番号: ${number}`)).toBeVisible();
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId('inbox').getByText('ご入会ありがとうございます')).toBeVisible();
  await expect(page.locator('[data-unread="true"]', { hasText: 'ご入会ありがとうございます' })).toHaveCount(
    0,
  );

  // Announcements off by mail.
  await page.goto(`${MIO_URL}/mypage/notices/settings`);
  await page.getByRole('checkbox', { name: /運営からのお知らせ/ }).uncheck();
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('メールの受信設定を保存しました')).toBeVisible();

  // The owner announces: script is refused in Japanese, then a plain one goes to every member.
  const owner = await demoBrowser(browser, 'mio', 'owner');
  await owner.goto(`${MIO_URL}/staff/announcements`);
  const refused = await post(owner, '/api/staff/announcements', {
    body: { audience: 'all', subject: 'テスト', body: '<script>alert(1)</script>' },
  });
  expect(refused.status).toBe(422);
  expect(JSON.stringify(refused.body)).toMatch(/HTMLタグ/);
  const subject = `年末ライブのお知らせ ${Date.now()}`;
  await owner.getByLabel('件名').fill(subject);
  await owner.getByLabel('本文').fill('先行受付を始めます。');
  await owner.getByRole('button', { name: '送信する' }).click();
  await expect(owner.getByTestId('sent-announcements')).toContainText(subject);

  // Another member's copy arrives by mail; ours only in お知らせ.
  const other = await waitForMail('premium@mio.example.com', subject);
  await page.goto(`${MIO_URL}/mypage/notices`);
  await expect(page.getByTestId('inbox')).toContainText(subject);
  expect((await mailsTo(user.email)).filter((mail) => mail.subject.includes(subject))).toHaveLength(0);

  // The other member's unsubscribe link, opened signed out.
  const source = await (await fetch(`${MAIL_API}/email/${other.id}/source`)).text();
  expect(source).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(source.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
    /List-Unsubscribe: <http:\/\/[^>]+\/api\/unsubscribe\?token=/,
  );
  const link = /href="(http[^"]+\/unsubscribe\?token=[^"]+)"/.exec(other.html)![1]!.replaceAll('&amp;', '&');
  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(link.replace(/^http:\/\/[^/]+/, MIO_URL));
  await signedOut.getByRole('button', { name: '配信を停止する' }).click();
  await expect(signedOut.getByRole('status')).toContainText('配信を停止しました');
  // A forged token: a Japanese 400, nothing changed.
  const forged = await post(
    signedOut,
    `/api/unsubscribe?token=${encodeURIComponent(link.split('token=')[1]!.slice(0, -4) + 'AAAA')}`,
  );
  expect(forged.status).toBe(400);
  expect(JSON.stringify(forged.body)).toMatch(/配信停止のリンクが正しくありません/);
  await owner.context().close();
  await signedOut.context().close();
});
