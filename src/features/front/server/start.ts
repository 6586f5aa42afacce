import http from 'node:http';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/server/db/client';
import { dbHealth } from '@/server/db/health';
import { env } from '@/server/env';
import { choosePaymentProvider } from '@/server/payments/choice';
import { siteHostNames } from '@/features/site/server/repository';
import { registerFrontBus } from '@/features/front/bus';
import { FRONT_SECRET_HEADER } from '@/features/front/views';
import { PageCache } from '@/features/front/server/page-cache';
import { readPageCacheGenerations } from '@/features/front/server/generations';
import { createFrontHandler, nextPathOf } from '@/features/front/server/handler';
import { createStaticAssets } from '@/features/front/server/static-assets';

/** How often each instance looks for changes made through another instance. */
const GENERATION_POLL_MS = 1_000;

export interface FrontOptions {
  db: Db;
  port: number;
  secret: string;
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  countHeader: boolean;
}

/**
 * Expires the site's renderings in this instance's Next.js (app/[host]/api/internal/page-cache): every page under
 * app/[host], and by their own paths the ones this front server holds.
 */
function expireNextPages(port: number, secret: string, host: string, paths: string[]): Promise<void> {
  const body = JSON.stringify({ paths });
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
  async function poll(): Promise<void> {
    const generations = await readPageCacheGenerations(options.db);
    // The poll doubles as the database's health probe: the front server stops answering 503 at once.
    health.up();
    for (const [siteId, generation] of generations) {
      if (generation <= cache.generationOf(siteId)) continue;
      if (!first) {
        // Next.js first, so that what the front server renders after dropping its pages is fresh.
        const [host] = await siteHostNames(options.db, siteId);
        const paths = cache.keysOf(siteId).map(nextPathOf);
        if (host) await expireNextPages(options.port, options.secret, host, paths);
      }
      cache.siteChanged(siteId, generation);
    }
    first = false;
  }
  let running = true;
  void (async () => {
    while (running) {
      await poll().catch((error: unknown) => {
        // An outage is logged once by DbHealth: a line (and a kept error) per second of it is not needed.
        if (!health.report(error)) console.error('page cache: generations not read:', error);
      });
      await new Promise((resolve) => setTimeout(resolve, GENERATION_POLL_MS).unref());
    }
  })();

  const handler = createFrontHandler({
    db: options.db,
    cache,
    target: { port: options.port, secret: options.secret },
    next: options.next,
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
    countHeader: options.countHeader,
    staticAssets: createStaticAssets(path.resolve('.next/static')),
  });
  return { handler, cache, stop: () => (running = false) };
}
