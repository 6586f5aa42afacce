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
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appStarted(page);
    return response;
  };
}

export const test = base.extend({
  context: async ({ context }, provide) => {
    context.on('page', waitForTheApp);
    await provide(context);
  },
});
