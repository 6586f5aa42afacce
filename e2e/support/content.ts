import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { SESSION_COOKIE, SITE_URLS, expectSignedIn, submitSignIn, type SiteSlug } from './auth';
import { MIO_URL } from './sites';

/**
 * Content of the demo sites for the content specs: the demo items of demo/content/<slug>.json, the leak canaries
 * the seed wrote (SEED_CANARIES=true, see scripts/lib/content-canaries.ts), signed media URLs crafted with the e2e
 * server's secret, and the crawler of the leak test.
 */

export const DATA_DIR = path.resolve('.data/e2e');

// ---------------------------------------------------------------------------------------------------------------
// Demo content and sites

export interface DemoItem {
  key: string;
  section: string;
  title: string;
  teaser?: string;
  body: string;
  daysAgo: number;
  openToAll?: boolean;
  live?: boolean;
  images?: { caption?: string; fileName: string }[];
  video?: { seconds: number; fileName: string };
  youtubeId?: string;
  ticket?: { applyFromDays: number; applyUntilDays: number; presaleCode?: string; applyUrl?: string };
}

export function demoItems(slug: SiteSlug): DemoItem[] {
  return JSON.parse(readFileSync(path.resolve('demo/content', `${slug}.json`), 'utf8')) as DemoItem[];
}

export function demoItem(slug: SiteSlug, key: string): DemoItem {
  const item = demoItems(slug).find((candidate) => candidate.key === key);
  if (!item) throw new Error(`demo/content/${slug}.json has no item ${key}`);
  return item;
}

interface SectionEntry {
  id: string;
  displayName: string;
  requiredUserStatus?: 'guest' | 'premium';
  href?: string;
}

interface SiteFile {
  hosts: string[];
  config: { FC_CONTENTS: SectionEntry[] };
}

function siteFile(slug: SiteSlug): SiteFile {
  return JSON.parse(readFileSync(path.resolve('demo/sites', `${slug}.json`), 'utf8')) as SiteFile;
}

/** The content sections a site offers (FC_CONTENTS without external links), in menu order. */
export function sectionsOf(slug: SiteSlug): Required<Omit<SectionEntry, 'href'>>[] {
  return siteFile(slug)
    .config.FC_CONTENTS.filter((entry) => !entry.href && entry.requiredUserStatus)
    .map(({ id, displayName, requiredUserStatus }) => ({
      id,
      displayName,
      requiredUserStatus: requiredUserStatus!,
    }));
}

/** Items a visitor sees listed (published by now), newest first as the lists show them. */
export function publishedItems(slug: SiteSlug, section?: string): DemoItem[] {
  return demoItems(slug)
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.daysAgo >= 0 && (section === undefined || item.section === section))
    .sort((a, b) => a.item.daysAgo - b.item.daysAgo || a.index - b.index)
    .map(({ item }) => item);
}

// ---------------------------------------------------------------------------------------------------------------
// Canaries and media secret (written by scripts/start.ts into the e2e data directory)

export type CanaryManifest = Record<SiteSlug, string[]>;

export function readCanaries(): CanaryManifest {
  const manifest = JSON.parse(readFileSync(path.join(DATA_DIR, 'canaries.json'), 'utf8')) as CanaryManifest;
  if (!manifest.mio?.length || !manifest.second?.length) {
    throw new Error(
      '.data/e2e/canaries.json lists no canaries: was the server seeded with SEED_CANARIES=true?',
    );
  }
  return manifest;
}

export function mediaUrlSecret(): string {
  return readFileSync(path.join(DATA_DIR, 'media-url-secret'), 'utf8').trim();
}

export interface MediaToken {
  s: string;
  m: string;
  v: string;
  e: number;
}

/** The payload of a signed media URL or token (not verified). */
export function decodeMediaToken(urlOrToken: string): MediaToken {
  const token = urlOrToken.split('/media/s/').at(-1)!;
  const [payloadPart = ''] = token.split('.');
  return JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as MediaToken;
}

/** A token as src/features/media/server/signing.ts makes it: HMAC-SHA256 of `media:{payload}`. */
export function craftMediaToken(payload: MediaToken, secret = mediaUrlSecret()): string {
  const payloadPart = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`media:${payloadPart}`).digest('base64url');
  return `${payloadPart}.${signature}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests as a site sees them

/**
 * Where a site is reached from Node: the test process cannot resolve second.localhost, so every request goes to
 * localhost's port with the site's host in the Host header, as a browser would send it.
 */
export interface SiteTarget {
  slug: SiteSlug;
  /** Where requests are sent, e.g. http://localhost:3100. */
  base: string;
  /** The Host header, e.g. second.localhost:3100. */
  host: string;
  /** Every host name of the site (demo/sites/<slug>.json): absolute URLs to these are the site's own. */
  hostnames: string[];
}

export function siteTarget(slug: SiteSlug, base = MIO_URL): SiteTarget {
  const port = new URL(base).port;
  const hostname = new URL(SITE_URLS[slug]).hostname;
  return { slug, base, host: port ? `${hostname}:${port}` : hostname, hostnames: siteFile(slug).hosts };
}

/** The session cookie as a request header, or no header at all. */
export function cookieHeader(session: string | null): Record<string, string> {
  return session ? { Cookie: `${SESSION_COOKIE}=${session}` } : {};
}

/** GET on the site with exactly these headers: never a redirect followed, never a cookie from a jar. */
export function siteGet(
  api: APIRequestContext,
  target: SiteTarget,
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return api.get(`${target.base}${pathAndQuery}`, {
    headers: { Host: target.host, ...headers },
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}

/** Signs the demo account in through the form in a browser of its own, and returns its session cookie's value. */
export async function sessionOfDemoAccount(
  browser: Browser,
  slug: SiteSlug,
  role: 'premium' | 'guest' | 'expired',
): Promise<string> {
  const users = JSON.parse(readFileSync(path.resolve('demo/users.json'), 'utf8')) as Record<
    SiteSlug,
    { role: string; email: string; password: string }[]
  >;
  const account = users[slug].find((user) => user.role === role);
  if (!account) throw new Error(`demo/users.json has no ${role} account for ${slug}`);
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    await submitSignIn(page, account.email, account.password, { origin: SITE_URLS[slug] });
    // Generous: the leak test signs in while another worker may be crawling the same server.
    await expect(page).toHaveURL(`${SITE_URLS[slug]}/mypage`, { timeout: 30_000 });
    await expectSignedIn(page);
    const cookie = (await context.cookies(SITE_URLS[slug])).find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error(`no ${SESSION_COOKIE} after signing in as ${account.email}`);
    return cookie.value;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

/** The links of a list (or the top page) to items of a section. */
export const itemLinks = (page: Page, section: string) => page.locator(`main a[href^="/${section}/"]`);

/**
 * page.goto, but never left on a page the page cache kept from before (x-nextjs-cache: STALE): .next keeps the
 * visitor pages of earlier runs of the e2e server, rendered from an older database (other item ids).
 */
export async function gotoFresh(page: Page, url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await page.goto(url);
    if (response?.headers()['x-nextjs-cache'] !== 'STALE') return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${url} stayed stale`);
}

/** Opens the section's list on the origin and, from it, the item with this title; returns the item's path. */
export async function openItem(page: Page, origin: string, section: string, title: string): Promise<string> {
  await gotoFresh(page, `${origin}/${section}`);
  const link = itemLinks(page, section).filter({ hasText: title });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href'))!;
  await gotoFresh(page, `${origin}${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return href;
}

export const lockedItem = (page: Page) => page.locator('[data-item="locked"]');
export const fullItem = (page: Page) => page.locator('[data-item="full"]');
export const lockedNotice = (page: Page) => page.locator('[data-locked-notice]');
export const galleryPosition = (page: Page) => page.locator('[data-gallery-position]');
/** The photo the gallery shows (not the thumbnails). */
export const galleryImage = (page: Page) => page.locator('figure img');

/**
 * What a viewer who may not open the item sees: its title and teaser, the way in, and nothing of the item itself
 * (no body, photos, video, presale code; no member-only string anywhere in the document).
 */
export async function expectLocked(page: Page, slug: SiteSlug, item: DemoItem): Promise<void> {
  await expect(lockedItem(page)).toBeVisible();
  await expect(fullItem(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
  if (item.teaser) await expect(page.locator('[data-teaser]')).toHaveText(item.teaser);
  await expect(lockedNotice(page)).toContainText('この続きはプレミアム会員限定です');
  await expect(page.locator('main .item-body, main video, main figure, main iframe')).toHaveCount(0);
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page.getByText('先行受付コード')).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(`LEAKCANARY-${slug}-${item.key}-`);
  expect(html).not.toContain('/media/s/');
}
