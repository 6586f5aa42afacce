import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from '@playwright/test';

export * from '@playwright/test';

/**
 * Each page's requests in flight, and the moment the last one started or ended (see networkQuiet). A new document
 * drops the requests of the one before: the browser cancelled them, but Playwright may never report the end of a
 * request whose document is gone.
 */
const activity = new WeakMap<Page, { inFlight: Set<Request>; last: number }>();

function trackRequests(page: Page): void {
  const state = { inFlight: new Set<Request>(), last: Date.now() };
  activity.set(page, state);
  // The requests in flight when the main frame asked for a new document: the old document's.
  let previousDocument = new Set<Request>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      previousDocument = new Set(state.inFlight);
    state.inFlight.add(request);
    state.last = Date.now();
  });
  const ended = (request: Request) => {
    state.inFlight.delete(request);
    state.last = Date.now();
  };
  // A response counts as the end: the page acts on it from there, and a body the page never reads may never be
  // reported finished.
  page.on('response', (response) => ended(response.request()));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('domcontentloaded', () => {
    for (const request of previousDocument) state.inFlight.delete(request);
    previousDocument = new Set();
  });
}

/**
 * Resolves once no request of the page has been in flight for half a second: Playwright's own 'networkidle', but also
 * after a client-side navigation, where that load state no longer applies. A test that shows something does *not*
 * happen (a duplicate page view, a second session check, a late toast, a prefetch) waits for this rather than for a
 * fixed time: whatever the page would still do starts with a request, or follows one that has ended by then.
 */
export async function networkQuiet(page: Page): Promise<void> {
  const state = activity.get(page);
  if (!state) throw new Error('networkQuiet: the page was not opened through the test fixture');
  await expect
    .poll(
      () =>
        Date.now() - state.last >= 500
          ? [...state.inFlight].map((request) => `${request.method()} ${request.url()}`)
          : ['…'],
      {
        message: 'the page stops making requests',
        intervals: [100],
      },
    )
    .toEqual([]);
}

/** What the browser refused under the pages' Content-Security-Policy, per context (docs/decisions/0025). */
const violations = new WeakMap<BrowserContext, string[]>();

function watchViolations(page: Page): void {
  page.on('console', (message) => {
    if (!/Content Security Policy/i.test(message.text())) return;
    const list = violations.get(page.context()) ?? [];
    list.push(`${page.url()}: ${message.text()}`);
    violations.set(page.context(), list);
  });
}

function watchPage(page: Page): void {
  trackRequests(page);
  watchViolations(page);
}

/** Watches the pages of a context the test opened itself, like those of the `context` fixture. */
export function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  return context;
}

/**
 * A browser of its own, as after closing the test's: nothing shared with it, not even the storage state a spec gives
 * its pages with `test.use` (a context a test opens inherits it otherwise). Watched like the fixture's.
 */
export async function freshContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return watchContext(
    await browser.newContext({ locale: 'ja-JP', storageState: { cookies: [], origins: [] }, ...options }),
  );
}

export const test = base.extend({
  context: async ({ context }, provide) => {
    watchContext(context);
    await provide(context);
    // Any page of any test: a script the policy refused is a page that does not work.
    expect(violations.get(context) ?? [], 'Content-Security-Policy violations').toEqual([]);
  },
});
