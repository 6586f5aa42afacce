import { expect, test, type Locator, type Page } from './support/test';

const OFFLINE = 'インターネットに接続されていません。接続を確認してください。';
const ONLINE = 'インターネットに再接続しました。';

/** Spec 9: toasts stay 5000 ms, counted on the page's own clock, which the test moves on. */
const TOAST_MS = 5_000;

/** Resolves once React has hydrated the page, so that the connectivity listeners are in place. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const footer = document.querySelector('[data-testid="site-footer"]');
    return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber'));
  });
}

/** The connection notices are drawn by the page itself (no network to load the toaster with when it drops). */
const NOTICE = '[data-connectivity-notice]';
const toast = (page: Page, text: string) => page.locator(NOTICE).filter({ hasText: text });

async function geometry(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  if (!box) return null;
  return {
    width: box.width,
    offCentre: Math.abs(box.x + box.width / 2 - viewport.width / 2),
    top: box.y,
    bottom: box.y + box.height,
    viewportHeight: viewport.height,
  };
}

test.describe('connectivity toasts', { tag: '@both-widths' }, () => {
  test.beforeEach(async ({ page }) => {
    // No network here: answer gtag.js locally so that nothing is left loading.
    await page.route(
      (url) => url.hostname === 'www.googletagmanager.com',
      (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/');
    await hydrated(page);
  });

  test('going offline shows an error toast at the bottom centre for 5 s; back online a success toast', async ({
    page,
    context,
  }) => {
    await expect(page.locator(NOTICE)).toHaveCount(0);

    // From here the page's timers run on a clock that stands still until the test moves it: five seconds without
    // waiting for them, however slow the machine.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await context.setOffline(true);
    const error = toast(page, OFFLINE);
    await expect(error).toBeVisible();
    await expect(error).toHaveText(OFFLINE);
    await expect(error).toHaveAttribute('data-type', 'error');

    // Position and size once the enter animation has settled.
    await expect
      .poll(async () => {
        const g = await geometry(page, error);
        return (
          !!g &&
          g.bottom <= g.viewportHeight &&
          g.top >= g.viewportHeight / 2 &&
          g.offCentre <= 1.5 &&
          g.width >= 300 &&
          g.width <= 560
        );
      })
      .toBe(true);
    const settled = (await geometry(page, error))!;
    testInfoLog(`error toast: ${JSON.stringify(settled)}`);
    const viewport = page.viewportSize()!;
    expect(settled.width).toBeCloseTo(Math.min(560, Math.max(300, viewport.width - 32)), 0);

    // Still there just before its five seconds are up, gone once they are.
    await page.clock.runFor(TOAST_MS - 100);
    await expect(error).toBeVisible();
    await page.clock.runFor(100);
    await expect(error).toHaveCount(0);

    await context.setOffline(false);
    const success = toast(page, ONLINE);
    await expect(success).toBeVisible();
    await expect(success).toHaveText(ONLINE);
    await expect(success).toHaveAttribute('data-type', 'success');
    await expect(page.locator(NOTICE)).toHaveCount(1);
  });

  test('the notices are announced from a labelled region, and a reader never downloads the toaster', async ({
    page,
    context,
  }) => {
    const live = page.getByRole('region', { name: '接続状況' }).getByTestId('connectivity-live');
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await expect(live).toBeEmpty();
    await context.setOffline(true);
    await expect(live).toHaveText(OFFLINE);
    // Nothing so far led to a toast: the toaster was not mounted (so sonner not downloaded either).
    await expect(page.locator('[data-sonner-toaster]')).toHaveCount(0);
    // Coming back online replaces the error rather than stacking a second toast.
    await context.setOffline(false);
    await expect(toast(page, ONLINE)).toBeVisible();
    await expect(toast(page, OFFLINE)).toHaveCount(0);
  });
});

function testInfoLog(message: string): void {
  test.info().annotations.push({ type: 'measured', description: message });
  console.log(`[${test.info().project.name}] ${message}`);
}
