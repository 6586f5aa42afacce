import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The two demo sites as configured in demo/sites/*.json: the values the pages must show. */
export interface DemoSite {
  slug: string;
  hosts: string[];
  config: {
    SERVICE_NAME: string;
    COPYRIGHT: string;
    FAQ: { href: string };
    GA_MEASUREMENT_ID: string | null;
  };
  documents: Record<string, { title: string; items: { heading: string; text: string }[] }>;
}

function loadSite(slug: string): DemoSite {
  return JSON.parse(readFileSync(path.resolve('demo/sites', `${slug}.json`), 'utf8')) as DemoSite;
}

export const mio = loadSite('mio');
export const second = loadSite('second');

/** baseURL (localhost) is mio; the second site answers on its own host. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MIO_URL = `http://localhost:${E2E_PORT}`;
export const SECOND_URL = `http://second.localhost:${E2E_PORT}`;
export const UNKNOWN_URL = `http://unknown.localhost:${E2E_PORT}`;

/** Hidden text that every link opening a new tab carries for screen readers. */
export const NEW_TAB_HINT = '（新しいタブで開きます）';

/** The accessible name of a new-tab link: its label, then the hint (the browser may put a space between). */
export const newTabName = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?${NEW_TAB_HINT}$`);

/** The phone projects (390 px): 'phone', and 'phone-publishing' for the specs that run after the rest. */
export const isPhone = (testInfo: TestInfo) => (testInfo.project.use.viewport?.width ?? 1280) < 600;

/** The visible label of a link, without the screen-reader hint of new-tab links. */
export async function visibleLabels(links: Locator): Promise<string[]> {
  const texts = await links.allTextContents();
  return texts.map((text) => text.replace(NEW_TAB_HINT, '').trim());
}

/** Computed style properties of the first element a locator matches. */
export async function computed(locator: Locator, ...props: string[]): Promise<Record<string, string>> {
  return locator.first().evaluate((el, names) => {
    const style = getComputedStyle(el);
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
  }, props);
}

/** The desktop navigation in the header; on phones it is hidden behind the hamburger. */
export const desktopNav = (page: Page) => page.getByTestId('desktop-nav');
export const hamburger = (page: Page) => page.getByTestId('hamburger');
export const menuDialog = (page: Page) => page.getByRole('dialog', { name: 'メニュー' });

/** Opens the hamburger dialog (phone only) and returns it. */
export async function openMenu(page: Page): Promise<Locator> {
  await hamburger(page).click();
  const dialog = menuDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Resolves once every finite CSS animation and transition in the element (a dialog's opening) has finished. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** The menu entries of whichever navigation the viewport shows, opening the hamburger on phones. */
export async function menuLinks(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) return (await openMenu(page)).getByRole('link');
  await expect(desktopNav(page)).toBeVisible();
  return desktopNav(page).getByRole('link');
}

export const siteFooter = (page: Page) => page.getByTestId('site-footer');

/**
 * Waits until the Japanese web font is in use, so that computed layout and screenshots are final: it is loaded
 * after the first paint, once the page is idle, and switched on at once (components/ui/web-font.tsx).
 */
export async function fontsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.webFont === 'ready');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
