import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Rendering } from '@/features/front/server/rendering';

/** gzip off the main thread (libuv's pool). */
const gzipAsync = promisify(gzip);

/** A rendering kept in memory with what sending it needs: its gzip form and an ETag. */
export interface CachedPage extends Rendering {
  gzipped: Buffer;
  etag: string;
  storedAt: number;
  siteId: string;
  epoch: number;
}

export interface PageCacheOptions {
  /** Served without asking Next.js again for this long (the pages' ISR time). */
  freshMs: number;
  /** After that, served while one request renders it again in the background, until this age. */
  staleMs: number;
  /** Memory bound of all entries (raw and gzip bytes): the least recently used go first. */
  maxBytes: number;
}

export function isCachedPage(page: Rendering): page is CachedPage {
  return 'etag' in page;
}

/**
 * Only a public, complete and current 200 is kept: never a response that sets a cookie or that Next.js marked
 * private, nor one Next.js served stale while it renders the page again (the next request asks again).
 */
function storable(rendering: Rendering & { setsCookie: boolean }): boolean {
  const control = rendering.headers['cache-control'] ?? '';
  return (
    rendering.status === 200 &&
    !rendering.setsCookie &&
    !/private|no-store/.test(control) &&
    rendering.headers['x-nextjs-cache'] !== 'STALE'
  );
}

/**
 * The front server's cache of the renderings that hold nothing member-only (decision 0012). One instance's memory:
 * what keeps instances consistent is the site's generation in PostgreSQL, which drops a site's entries when it moves.
 * Concurrent misses of one key wait for a single rendering, so a rush on a cold page renders it once.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly filling = new Map<string, Promise<Rendering>>();
  /** The generation of each site in PostgreSQL, as this instance last heard it. */
  private readonly generations = new Map<string, number>();
  /** Moves on at every drop of a site's pages: a rendering begun before a drop is not kept. */
  private readonly epochs = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly options: PageCacheOptions) {}

  generationOf(siteId: string): number {
    return this.generations.get(siteId) ?? 0;
  }

  private epochOf(siteId: string): number {
    return this.epochs.get(siteId) ?? 0;
  }

  /** The keys of the site's pages held now. */
  keysOf(siteId: string): string[] {
    return [...this.entries].filter(([, page]) => page.siteId === siteId).map(([key]) => key);
  }

  /** Records a newer generation of the site and drops its pages; false when it was already known. */
  siteChanged(siteId: string, generation: number): boolean {
    if (generation <= this.generationOf(siteId)) return false;
    this.generations.set(siteId, generation);
    this.dropSite(siteId);
    return true;
  }

  /** Drops the site's pages (its content changed, or a scheduled item's time came). */
  dropSite(siteId: string): void {
    this.epochs.set(siteId, this.epochOf(siteId) + 1);
    for (const [key, page] of this.entries) if (page.siteId === siteId) this.remove(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The page of `key`: from memory while fresh (or stale, renewing it), else rendered once for all who wait. */
  async get(
    key: string,
    siteId: string,
    render: () => Promise<Rendering & { setsCookie: boolean }>,
    now = Date.now(),
  ): Promise<{ page: Rendering; state: 'hit' | 'stale' | 'miss' }> {
    const hit = this.entries.get(key);
    if (hit && hit.epoch === this.epochOf(siteId)) {
      const age = now - hit.storedAt;
      if (age < this.options.freshMs) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        return { page: hit, state: 'hit' };
      }
      if (age < this.options.staleMs) {
        this.fill(key, siteId, render).catch(() => {});
        return { page: hit, state: 'stale' };
      }
      // Too old to serve without trying again; but a page that cannot be rendered now (the database is down, Next.js
      // failed) is worse than an old one: the old one is served until a rendering succeeds (decision 0020).
      const again = await this.fill(key, siteId, render).catch(() => null);
      return again && again.status < 500 ? { page: again, state: 'miss' } : { page: hit, state: 'stale' };
    }
    return { page: await this.fill(key, siteId, render), state: 'miss' };
  }

  /** The page of `key` held now, however old, without rendering anything: what is served while the database is down. */
  held(key: string, siteId: string): CachedPage | null {
    const hit = this.entries.get(key);
    return hit && hit.epoch === this.epochOf(siteId) ? hit : null;
  }

  private fill(
    key: string,
    siteId: string,
    render: () => Promise<Rendering & { setsCookie: boolean }>,
  ): Promise<Rendering> {
    const running = this.filling.get(key);
    if (running) return running;
    const epoch = this.epochOf(siteId);
    const filled = (async (): Promise<Rendering> => {
      const rendering = await render();
      if (!storable(rendering))
        return { status: rendering.status, headers: rendering.headers, body: rendering.body };
      const page: CachedPage = {
        status: 200,
        headers: rendering.headers,
        body: rendering.body,
        gzipped: await gzipAsync(rendering.body),
        etag: `"${createHash('sha1').update(rendering.body).digest('base64url')}"`,
        storedAt: Date.now(),
        siteId,
        epoch,
      };
      // Rendered before the site changed: good for those who waited for it, not for anyone after.
      if (this.epochOf(siteId) === epoch) this.store(key, page);
      return page;
    })().finally(() => this.filling.delete(key));
    this.filling.set(key, filled);
    return filled;
  }

  private store(key: string, page: CachedPage): void {
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.body.length + page.gzipped.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.length + page.gzipped.length;
  }
}
