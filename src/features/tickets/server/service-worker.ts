import 'server-only';
import { OFFLINE_COPY, OFFLINE_META, OFFLINE_PAGE, OFFLINE_PREFIX, OFFLINE_STATIC } from '@/lib/offline-copy';

/**
 * The service worker (decision 0054), written by hand: it serves My page from the member's offline copy when the
 * network fails, and the app's kept files; it caches nothing itself (the page keeps its copy, src/features/tickets/
 * components/offline-copy.ts) and never answers a visitor's page or any other address from a cache.
 *
 * - A navigation to My page goes to the network first. Answered with a redirect (signed out, the session ended
 *   elsewhere), every copy is deleted. Only without a network is the copy served: the one the meta names, while its
 *   day lasts, so that a signed-out browser or another member never gets it (sign-in and sign-out delete all copies).
 * - /_next/static/ files, while a copy is current: the kept file when there is one (their names change with their
 *   content), else the network. Otherwise the worker answers nothing and the browser goes to the network as usual.
 * Registered only from a member's My page (src/features/tickets/components/offline-copy.ts): visitors never have it.
 */
const SOURCE = `'use strict';
const PREFIX = ${JSON.stringify(OFFLINE_PREFIX)};
const META = ${JSON.stringify(OFFLINE_META)};
const STATIC = ${JSON.stringify(OFFLINE_STATIC)};
const PAGE = ${JSON.stringify(OFFLINE_PAGE)};
const copyOf = (key) => ${JSON.stringify(OFFLINE_COPY(''))} + key;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function clearCopies() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX)).map((name) => caches.delete(name)));
}

// Whether a copy is current: only then are the app's files answered here (read again on each My page navigation).
let copyCurrent = false;

async function currentCopy() {
  const meta = await caches.open(META);
  const hit = await meta.match('/current');
  const current = hit ? await hit.json() : null;
  copyCurrent = Boolean(current && typeof current.key === 'string' && current.until > Date.now());
  if (!copyCurrent) {
    if (current) await clearCopies();
    return null;
  }
  return caches.open(copyOf(current.key));
}
currentCopy().catch(() => undefined);

async function myPage(request) {
  try {
    const response = await fetch(request);
    if (response.type === 'opaqueredirect' || response.redirected) {
      copyCurrent = false;
      await clearCopies();
    } else currentCopy().catch(() => undefined);
    return response;
  } catch (error) {
    const copy = await currentCopy();
    const kept = copy && (await copy.match(PAGE, { ignoreSearch: true, ignoreVary: true }));
    if (kept) return kept;
    throw error;
  }
}

async function ownFile(request) {
  const kept = await caches.match(request, { cacheName: STATIC });
  return kept || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== 'GET') return;
  if (request.mode === 'navigate' && url.pathname === PAGE) event.respondWith(myPage(request));
  else if (copyCurrent && url.pathname.startsWith('/_next/static/')) event.respondWith(ownFile(request));
});
`;

/** GET /sw.js on every site: the same worker, scoped to the site's own origin. */
export function getServiceWorker(): Response {
  return new Response(SOURCE, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // Browsers check for a new worker on navigations; this keeps each check a small revalidation.
      'cache-control': 'no-cache',
    },
  });
}
