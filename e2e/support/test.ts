import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Pages the front server keeps add Next.js's scripts once they have painted (docs/decisions/0014), so the window's
 * `load`, where `goto` stops waiting, can come before the app runs: a tap on the menu then would do nothing. A
 * person gives a page that moment; a test waits for it after each `goto` and `reload` of such a page
 * (`window.next` is set as the app starts, just before React hydrates, and React replays a tap made meanwhile).
 */
async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const paintsFirst = [...document.scripts].some((script) =>
      script.text.includes("'first-contentful-paint'"),
    );
    return !paintsFirst || 'next' in window;
  });
}

function waitForTheApp(page: Page): void {
  const thenWait =
    <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await navigate(...args);
      await appStarted(page);
      return result;
    };
  page.goto = thenWait(page.goto.bind(page));
  page.reload = thenWait(page.reload.bind(page));
}

export const test = base.extend({
  context: async ({ context }, provide) => {
    context.on('page', waitForTheApp);
    await provide(context);
  },
});
