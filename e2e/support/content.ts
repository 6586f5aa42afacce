import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expect,
  request,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { SESSION_COOKIE, SITE_URLS, type DemoRole, type SiteSlug } from './auth';
import { demoSession } from './sessions';
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

/** The session cookie's value of a demo account, from the session e2e/sessions.setup.ts opened for it. */
export async function sessionOfDemoAccount(slug: SiteSlug, role: DemoRole): Promise<string> {
  const state = JSON.parse(await readFile(demoSession(slug, role), 'utf8')) as {
    cookies: { name: string; value: string; domain: string }[];
  };
  const host = new URL(SITE_URLS[slug]).hostname;
  const cookie = state.cookies.find((c) => c.name === SESSION_COOKIE && c.domain === host);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} in the ${role} session of ${slug}`);
  // The member's first request: a session opened minutes ago is checked with the provider again here, as a real
  // returning member's would be, so that the requests the test makes next are answered as just after a sign-in.
  const api = await request.newContext();
  try {
    const check = await siteGet(api, siteTarget(slug), '/api/session', cookieHeader(cookie.value));
    expect(check.status(), `the ${role} session of ${slug} is open`).toBe(200);
  } finally {
    await api.dispose();
  }
  return cookie.value;
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
  await expect(async () => {
    const response = await page.goto(url);
    expect(response?.headers()['x-nextjs-cache'], `${url} is not stale`).not.toBe('STALE');
  }).toPass({ timeout: 10_000 });
}

/**
 * Resolves once React has hydrated the element, so that a click reaches its handler: the page's HTML is on screen
 * before its scripts have run, and its buttons do nothing until then.
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
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
