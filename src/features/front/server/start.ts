import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, DbHandle } from '@/server/db/client';
import { dbHealth } from '@/server/db/health';
import { env } from '@/server/env';
import { choosePaymentProvider } from '@/server/payments/choice';
import { siteHostNames } from '@/features/site/server';
import { dropSite } from '@/server/next-cache/page-store.mjs';
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
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  countHeader: boolean;
  recheck: FrontDeps['recheck'];
  directRoutes?: FrontDeps['directRoutes'];
  directGate?: FrontDeps['directGate'];
  trustedProxies: number;
}

/**
 * The front server and the watch on the sites' page-cache generations: a change made through any instance (this one
 * included) drops the site's renderings from Next.js's store here (decision 0023).
 */
export function startFront(options: FrontOptions) {
  /** The generation of each site in PostgreSQL, as this instance last heard it. */
  const generations = new Map<string, number>();

  const health = dbHealth();
  let first = true;
  let publicationTimer: NodeJS.Timeout | undefined;

  async function renewSite(siteId: string): Promise<void> {
    dropSite(await siteHostNames(options.db, siteId));
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
    const read = await readPageCacheGenerations(options.db);
    // The read doubles as the database's health probe: the front server stops answering 503 at once.
    health.up();
    for (const [siteId, generation] of read) {
      if (generation <= (generations.get(siteId) ?? 0)) continue;
      if (!first) await renewSite(siteId);
      generations.set(siteId, generation);
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
    next: options.next,
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
    countHeader: options.countHeader,
    recheck: options.recheck,
    directRoutes: options.directRoutes,
    directGate: options.directGate,
    trustedProxies: options.trustedProxies,
    staticAssets: createStaticAssets(path.resolve('.next/static')),
  });
  return {
    handler,
    stop: () => {
      running = false;
      clearTimeout(publicationTimer);
    },
  };
}
