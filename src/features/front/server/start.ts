import http from 'node:http';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, DbHandle } from '@/server/db/client';
import { dbHealth } from '@/server/db/health';
import { env } from '@/server/env';
import { choosePaymentProvider } from '@/server/payments/choice';
import { siteHostNames } from '@/features/site/server/repository';
import { registerFrontBus } from '@/features/front/bus';
import { FRONT_SECRET_HEADER } from '@/features/front/internal';
import { PageCache } from '@/features/front/server/page-cache';
import {
  listenForPageCacheChanges,
  readNextPublications,
  readPageCacheGenerations,
} from '@/features/front/server/generations';
import { createFrontHandler, type FrontDeps } from '@/features/front/server/handler';
import { createStaticAssets } from '@/features/front/server/static-assets';

/**
 * How often each instance reads the generations although nothing was announced: a safety net under LISTEN/NOTIFY on
 * PostgreSQL, and the only signal where announcements do not reach other connections (the embedded PGlite, one
 * instance, whose own changes reach its front server at once through the bus).
 */
const SAFETY_POLL_MS = 30_000;
const POLL_WITHOUT_SIGNALS_MS = 1_000;
/** setTimeout's longest delay; a publication further away is looked at again by then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface FrontOptions {
  db: Db;
  /** PostgreSQL's LISTEN on the app's database, where it has one (DbHandle.listen). */
  listen?: DbHandle['listen'];
  port: number;
  secret: string;
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  countHeader: boolean;
  recheck: FrontDeps['recheck'];
  trustedProxies: number;
}

/** Expires the site's renderings in this instance's Next.js (app/[host]/api/internal/page-cache). */
function expireNextPages(port: number, secret: string, host: string): Promise<void> {
  const body = '{}';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/internal/page-cache',
        headers: {
          host,
          [FRONT_SECRET_HEADER]: secret,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The front server's state: the page cache, the bus that lets Next.js code of this process drop a site's pages at
 * once, and the watch on the sites' page-cache generations that brings changes made through other instances.
 */
export function startFront(options: FrontOptions) {
  const cache = new PageCache({ freshMs: 30_000, staleMs: 120_000, maxBytes: 48 * 1024 * 1024 });
  registerFrontBus({ siteChanged: (siteId, generation) => cache.siteChanged(siteId, generation) });

  const health = dbHealth();
  let first = true;
  let publicationTimer: NodeJS.Timeout | undefined;

  // Next.js first, so that what the front server renders after dropping the site's pages is fresh.
  async function renewSite(siteId: string): Promise<void> {
    const [host] = await siteHostNames(options.db, siteId);
    if (host) await expireNextPages(options.port, options.secret, host);
    cache.dropSite(siteId);
  }

  /** A scheduled item appears at its time: the site's pages are renewed then (the earliest of every site's). */
  async function watchPublications(): Promise<void> {
    clearTimeout(publicationTimer);
    const next = [...(await readNextPublications(options.db))].sort(([, a], [, b]) => +a - +b)[0];
    if (!next) return;
    const [siteId, at] = next;
    // A little after the time, so that the item is visible by then (a timer may fire a millisecond early).
    const delay = Math.min(Math.max(at.getTime() - Date.now() + 50, 0), MAX_TIMER_MS);
    publicationTimer = setTimeout(() => {
      void renewSite(siteId)
        .then(watchPublications)
        .catch((error: unknown) => {
          if (!health.report(error)) console.error('page cache: scheduled publication:', error);
        });
    }, delay).unref();
  }

  async function readChanges(): Promise<void> {
    const generations = await readPageCacheGenerations(options.db);
    // The read doubles as the database's health probe: the front server stops answering 503 at once.
    health.up();
    for (const [siteId, generation] of generations) {
      if (generation <= cache.generationOf(siteId)) continue;
      if (!first) await renewSite(siteId);
      cache.siteChanged(siteId, generation);
    }
    first = false;
    await watchPublications();
  }
  // One read at a time; a signal during a read asks for one more after it.
  let reading: Promise<void> | null = null;
  let again = false;
  function signal(): void {
    if (reading) {
      again = true;
      return;
    }
    reading = readChanges()
      .catch((error: unknown) => {
        // An outage is logged once by DbHealth: a line (and a kept error) per second of it is not needed.
        if (!health.report(error)) console.error('page cache: generations not read:', error);
      })
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          signal();
        }
      });
  }

  let pollMs = POLL_WITHOUT_SIGNALS_MS;
  const listening = listenForPageCacheChanges(options.db, options.listen, signal).then((heard) => {
    if (heard) pollMs = SAFETY_POLL_MS;
  });
  let running = true;
  void (async () => {
    await listening;
    while (running) {
      signal();
      await new Promise((resolve) => setTimeout(resolve, pollMs).unref());
    }
  })();

  const handler = createFrontHandler({
    db: options.db,
    cache,
    target: { port: options.port, secret: options.secret },
    next: options.next,
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
    countHeader: options.countHeader,
    recheck: options.recheck,
    trustedProxies: options.trustedProxies,
    staticAssets: createStaticAssets(path.resolve('.next/static')),
  });
  return {
    handler,
    cache,
    stop: () => {
      running = false;
      clearTimeout(publicationTimer);
    },
  };
}
