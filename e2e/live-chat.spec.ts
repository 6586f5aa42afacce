import { expect, freshContext, test } from './support/test';
import { demoAccount, signInWithToken } from './support/auth';
import { MIO_URL } from './support/sites';
import { demoBrowser } from './support/sessions';

/**
 * The live chat (issue 42, decision 0051): two premium members on the demo's live MOVIE item talk, each sees the
 * other's message within a second or so, and a deletion by staff in the console disappears for both.
 */
test.describe.configure({ timeout: 60_000 });

const LIVE_TITLE = '【生配信】ミオの夜ふかしラジオ #12';

test('two members talk beside the live stream, and a staff deletion disappears for both', async ({
  browser,
}, testInfo) => {
  const fan = await demoBrowser(browser, 'mio', 'premium', testInfo);
  await fan.goto('/movie');
  await fan.getByRole('link', { name: LIVE_TITLE }).first().click();
  await fan.waitForURL(/\/movie\/[0-9a-f-]{36}$/);
  const itemPath = new URL(fan.url()).pathname;
  const chat = fan.getByTestId('live-chat');
  await expect(chat).toHaveAttribute('data-connection', 'open');

  // The second member: the demo's other premium fan (signed in with a custom token, as presale-payment does).
  const { uid, email } = demoAccount('mio', 'authenticating');
  const other = await (await freshContext(browser, { baseURL: MIO_URL })).newPage();
  await signInWithToken(other, { slug: 'mio', uid: uid!, email, password: '' }, itemPath);
  const otherChat = other.getByTestId('live-chat');
  await expect(otherChat).toHaveAttribute('data-connection', 'open');

  const stamp = Date.now().toString(36);
  const hello = `こんばんは！${stamp}`;
  await chat.getByRole('textbox', { name: 'メッセージ' }).fill(hello);
  await chat.getByRole('button', { name: '送信' }).click();
  await expect(otherChat.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible({
    timeout: 2_000,
  });
  const reply = `待ってました${stamp}`;
  await otherChat.getByRole('textbox', { name: 'メッセージ' }).fill(reply);
  await otherChat.getByRole('textbox', { name: 'メッセージ' }).press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible({ timeout: 2_000 });

  // Staff delete the reply from the console's chat.
  const staff = await demoBrowser(browser, 'mio', 'owner', testInfo);
  await staff.goto('/staff/chat');
  await staff.getByTestId('chat-rooms').getByRole('link', { name: LIVE_TITLE }).click();
  const moderated = staff.getByTestId('chat-message').filter({ hasText: reply });
  await moderated.getByRole('button', { name: /メッセージを削除$/ }).click();
  await expect(moderated).toHaveCount(0);
  for (const page of [fan, other]) {
    await expect(page.getByTestId('chat-message').filter({ hasText: reply })).toHaveCount(0);
    await expect(page.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();
  }
});
