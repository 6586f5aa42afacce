import {
  OFFLINE_CODES,
  OFFLINE_COPY,
  OFFLINE_META,
  OFFLINE_PAGE,
  OFFLINE_PREFIX,
  OFFLINE_STATIC,
} from '@/lib/offline-copy';
import type { CodeBatch, OfflineCodes } from '@/features/tickets/types';

const FETCH_TIMEOUT_MS = 15_000;

/** What the phone kept of the day's codes: the batch, the clock offset measured when it came, and its end. */
export interface KeptCodes {
  batch: CodeBatch;
  offsetMs: number;
  until: number;
}

/** The app's own files this page loaded (scripts, styles, fonts): public, named by their content, kept once. */
function ownAssets(): string[] {
  const urls = new Set<string>();
  const add = (href: string) => {
    const url = new URL(href, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/_next/static/')) urls.add(url.href);
  };
  for (const entry of performance.getEntriesByType('resource')) add(entry.name);
  document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((script) => add(script.src));
  document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]').forEach((link) => add(link.href));
  return [...urls];
}

/**
 * Keeps My page for the day without signal (decision 0054): the day's codes signed ahead, the page as the server
 * renders it for this session now, and the files it needs, under this member's opaque key; any other member's copy on
 * this browser is deleted first. Does nothing without the Cache API or when the member holds no ticket for today.
 */
export async function keepOfflineCopy(key: string): Promise<KeptCodes | null> {
  if (typeof caches === 'undefined') return null;
  const response = await fetch(OFFLINE_CODES, {
    cache: 'no-store',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) return null;
  const codes = (await response.json()) as OfflineCodes;
  const mine = OFFLINE_COPY(key);
  for (const name of await caches.keys()) {
    if (name.startsWith(`${OFFLINE_PREFIX}:`) && name !== mine) await caches.delete(name);
  }
  const meta = await caches.open(OFFLINE_META);
  if (codes.until === null) {
    await caches.delete(mine);
    await meta.delete('/current');
    return null;
  }
  const kept: KeptCodes = {
    batch: codes.batch,
    offsetMs: codes.batch.serverNow - Date.now(),
    until: codes.until,
  };
  const copy = await caches.open(mine);
  // The page as this session sees it now (a fresh rendering, with its own script nonce and policy).
  const page = await fetch(OFFLINE_PAGE, {
    cache: 'no-store',
    credentials: 'same-origin',
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!page.ok) return kept;
  await copy.put(OFFLINE_PAGE, page);
  await copy.put(OFFLINE_CODES, new Response(JSON.stringify(kept)));
  const assets = await caches.open(OFFLINE_STATIC);
  const missing = [];
  for (const url of ownAssets()) if (!(await assets.match(url))) missing.push(url);
  await Promise.all(missing.map((url) => assets.add(url).catch(() => undefined)));
  await meta.put('/current', new Response(JSON.stringify({ key, until: codes.until })));
  return kept;
}

/**
 * Registers the site's service worker (/sw.js): only from a member's My page, so that a visitor's pages never have
 * one, and after the page's own requests. It serves the copy when the network fails; it keeps nothing by itself.
 */
export function registerOfflineWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

/** The day's codes this member's copy holds, while its day lasts. */
export async function loadOfflineCodes(key: string): Promise<KeptCodes | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const hit = await caches.match(OFFLINE_CODES, { cacheName: OFFLINE_COPY(key) });
    if (!hit) return null;
    const kept = (await hit.json()) as KeptCodes;
    return kept.until > Date.now() + kept.offsetMs ? kept : null;
  } catch {
    return null;
  }
}
