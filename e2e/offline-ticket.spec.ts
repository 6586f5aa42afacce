import path from 'node:path';
import jsQR from 'jsqr';
import { expect, freshContext, test, type Page } from './support/test';
import { SITE_URLS } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { fakeCameraArgs, writeQrVideo } from './support/tickets';

/**
 * Tickets where there is no signal (issue 43, decision 0054): the second site's premium member holds tickets for a
 * show today (SEED_SHOW_TODAY, scripts/lib/seed-show-today.ts). Their My page, opened once online, keeps a copy
 * with the codes signed ahead for the door window; in flight mode the page reloads from it and shows a code that
 * the door, online as its staff, admits.
 */
test.describe.configure({ timeout: 120_000 });

/** The text of the QR code a page shows in the first e-ticket, read from its canvas as a door camera would. */
async function shownCode(page: Page): Promise<string> {
  const image = await page
    .getByTestId('e-ticket')
    .first()
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      return { width: data.width, height: data.height, pixels: Array.from(data.data) };
    });
  const found = jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height);
  expect(found, 'the ticket shows a readable QR code').not.toBeNull();
  return found!.data;
}

test('a fan opens My page in flight mode on the day and the door admits the code it shows', async ({
  browser,
  playwright,
}, testInfo) => {
  const fan = await demoBrowser(browser, 'second', 'premium', testInfo);
  await fan.goto('/mypage');
  const code = fan.getByTestId('e-ticket').first().getByTestId('living-code');
  await expect(code).toHaveAttribute('data-window', /\d+/);
  // The copy for no signal is kept once the page has its codes, and the service worker is in place.
  await expect
    .poll(() =>
      fan.evaluate(async () => Boolean(await caches.match('/current', { cacheName: 'fc-offline-meta' }))),
    )
    .toBe(true);
  await fan.evaluate(async () => void (await navigator.serviceWorker.ready));

  await fan.context().setOffline(true);
  await fan.reload();
  await expect(code).toHaveAttribute('data-window', /\d+/);
  await expect(code.getByTestId('living-code-offline')).toContainText('この端末に保存した入場コード');
  const shots = process.env.OFFLINE_SHOTS_DIR;
  if (shots) {
    await code.scrollIntoViewIfNeeded();
    await fan.screenshot({ path: path.join(shots, 'offline-ticket-1280.png'), fullPage: false });
    await fan.setViewportSize({ width: 390, height: 844 });
    await code.scrollIntoViewIfNeeded();
    await fan.screenshot({ path: path.join(shots, 'offline-ticket-390.png') });
  }

  // The door, online, with its camera on the phone: its roster first, then the code as the phone shows it just
  // after it changed (the most of its 45 seconds left).
  const video = path.join(testInfo.outputDir, 'offline-ticket.y4m');
  writeQrVideo(await shownCode(fan), video);
  const doorBrowser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: fakeCameraArgs(video),
  });
  try {
    const context = await freshContext(doorBrowser, {
      baseURL: SITE_URLS.second,
      storageState: demoSession('second', 'door'),
      viewport: { width: 1280, height: 800 },
      permissions: ['camera'],
    });
    const door = await context.newPage();
    await door.goto('/staff/door');
    await expect(door.getByTestId('door-status')).toContainText('名簿');
    const window = await code.getAttribute('data-window');
    await expect(code).not.toHaveAttribute('data-window', window!, { timeout: 35_000 });
    writeQrVideo(await shownCode(fan), video);
    await door.getByTestId('door-camera').click();
    const result = door.getByTestId('door-result');
    await expect(result).toHaveAttribute('data-outcome', 'admitted');
    await expect(result).toContainText('入場OK');
  } finally {
    await doorBrowser.close();
    await fan.context().close();
  }
});
