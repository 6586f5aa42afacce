import { spawn, type ChildProcess } from 'node:child_process';
import { expect, freshContext, test, type Page } from './support/test';
import { demoAccount, signInWithToken } from './support/auth';
import { MIO_URL } from './support/sites';
import { expectNoSeriousViolations } from './support/axe';
import { demoBrowser } from './support/sessions';
import { sessionOfDemoAccount } from './support/content';
import { itemIdByTitle, liveSource, SCHEDULED } from './support/live';

/**
 * A live stream end to end (issue 42, decisions 0050 and 0051): staff take the demo's scheduled stream and get its
 * key, ffmpeg publishes its test source to the media server as OBS would, the item turns LIVE, a premium member
 * watches it (the video advances) while nobody else gets an address, two members talk in its chat and a message
 * staff delete disappears for both, and when the encoder stops the item becomes its archive, which plays beside the
 * chat kept read-only.
 */

function publish(ingest: string, key: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'zerolatency',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '60',
      ],
      ...['-c:a', 'aac', '-f', 'flv', `${ingest}/${key}`],
    ],
    { stdio: 'ignore' },
  );
}

async function stop(encoder: ChildProcess): Promise<void> {
  if (encoder.exitCode !== null) return;
  const exited = new Promise((resolve) => encoder.once('exit', resolve));
  encoder.kill('SIGINT');
  await exited;
}

/**
 * Plays the player's video (muted: no gesture needed; asked again until it plays, as the source may still be
 * loading) and waits for it to move on by more than `seconds`.
 */
async function expectAdvancing(page: Page, seconds: number): Promise<void> {
  const video = page.locator('[data-live-video]');
  await expect(video).toBeVisible();
  const position = () =>
    video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      if (element.paused) void element.play().catch(() => {});
      return element.currentTime;
    });
  await expect.poll(position, { timeout: 45_000 }).toBeGreaterThan(0);
  const start = await position();
  await expect.poll(position, { timeout: 30_000 }).toBeGreaterThan(start + seconds);
}

/** Two members talk beside the stream; staff delete a message in the console and it is gone for both. */
async function chatWhileLive(member: Page, staff: Page, browser: Parameters<typeof freshContext>[0]) {
  const itemPath = new URL(member.url()).pathname;
  const chat = member.getByTestId('live-chat');
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

  await staff.goto('/staff/chat');
  await staff.getByTestId('chat-rooms').getByRole('link', { name: SCHEDULED.title }).click();
  const moderated = staff.getByTestId('chat-message').filter({ hasText: reply });
  await moderated.getByRole('button', { name: /メッセージを削除$/ }).click();
  await expect(moderated).toHaveCount(0);
  for (const page of [member, other]) {
    await expect(page.getByTestId('chat-message').filter({ hasText: reply })).toHaveCount(0);
    await expect(page.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();
  }
  await other.context().close();
  return hello;
}

test('staff go live from OBS, members watch and talk, staff moderate, and the archive plays beside the chat', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext();
  const staff = await demoBrowser(browser, 'mio', 'editor', testInfo);
  const member = await demoBrowser(browser, 'mio', 'premium', testInfo);
  let encoder: ChildProcess | null = null;
  try {
    const itemId = await itemIdByTitle(api, 'mio', 'movie', SCHEDULED.title);

    // Staff: the item's editor gives the ingest address; a new key, shown once, to paste into OBS.
    await staff.goto(`/staff/content/${itemId}`);
    const panel = staff.getByRole('region', { name: 'ライブ配信' });
    await expect(panel.getByTestId('live-state')).toContainText('配信開始前');
    const ingest = (await panel.getByTestId('live-ingest').textContent())!;
    expect(ingest).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    staff.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'ストリームキーを再発行' }).click();
    const key = (await panel.getByTestId('live-key').textContent())!;
    expect(key).toMatch(/^[0-9a-f-]{36}\?key=[\w-]{32}$/);

    // Before the start: the member's page says so, with no video.
    await member.goto(`/movie/${itemId}`);
    await expect(member.locator('[data-live-state]')).toHaveText('配信開始前');

    encoder = publish(ingest, key);
    // The player follows the stream's state by itself, and the page's LIVE badge is on after a reload.
    await expect(member.locator('[data-live-state]')).toHaveText('配信中', { timeout: 30_000 });
    await expectAdvancing(member, 2);
    await expectNoSeriousViolations(member, `${testInfo.project.name} mio live stream playing`);
    await member.reload();
    await expect(member.locator('article header').getByText('LIVE', { exact: true })).toBeVisible();
    const hello = await chatWhileLive(member, staff, browser);

    // Meanwhile nobody without premium gets an address of the live stream.
    const premium = await liveSource(api, 'mio', itemId, await sessionOfDemoAccount('mio', 'premium'));
    expect(premium.state).toBe('live');
    for (const role of ['guest', 'expired'] as const) {
      const answer = await liveSource(api, 'mio', itemId, await sessionOfDemoAccount('mio', role));
      expect.soft(answer.status, role).toBe(403);
      expect.soft(answer.text).not.toContain('/hls/');
    }
    const visitor = await liveSource(api, 'mio', itemId, null);
    expect.soft(visitor.status).toBe(403);
    const folder = premium.url!.replace(/\/hls\/[\w-]{22}\/\d+\/[0-9a-f]{16}\//, '/');
    expect.soft((await api.get(folder, { failOnStatusCode: false })).status()).toBe(404);

    // The encoder stops: the item leaves LIVE and its archive plays.
    await stop(encoder);
    encoder = null;
    await expect(member.locator('[data-live-state]')).toHaveText('配信終了', { timeout: 30_000 });
    await expect(member.getByText(/アーカイブは .* までご覧いただけます。/)).toBeVisible();
    await expectAdvancing(member, 1);
    await member.reload();
    await expect(member.locator('article header').getByText('LIVE', { exact: true })).toHaveCount(0);
    // The chat stays beside the archive, to read.
    await expect(member.getByTestId('chat-message').filter({ hasText: hello })).toBeVisible();
  } finally {
    if (encoder) await stop(encoder);
    await staff.context().close();
    await member.context().close();
    await api.dispose();
  }
});
