import 'server-only';
import type { Db } from '@/server/db/client';
import { findSiteByHost, type Site } from '@/features/site/server/repository';

/** A site's configuration is read again after this long, so that a change shows within seconds (decision 0003). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  /** The last answer read, kept while a newer one is read (and while the database cannot give one). */
  site: Site | null;
  expiresAt: number;
  refreshing: Promise<Site | null> | null;
}
const entries = new Map<string, Entry>();
const firstReads = new Map<string, Promise<Site | null>>();

function refresh(db: Db, host: string, now: number): Promise<Site | null> {
  return findSiteByHost(db, host).then((site) => {
    if (entries.size >= MAX_ENTRIES && !entries.has(host)) entries.clear();
    entries.set(host, { site, expiresAt: now + TTL_MS, refreshing: null });
    return site;
  });
}

/**
 * The site of a host name from memory: every page view needs it, and a database round trip and a schema parse per
 * request would be most of a member page's budget (issue 7: at most three round trips). Once a host has been read,
 * no request waits on the database for it again: an expired entry is answered at once and read again behind it, and
 * kept as it was when that read fails (decision 0020: cached pages are served through a database outage).
 */
export function siteForHost(db: Db, host: string, now = Date.now()): Promise<Site | null> {
  const entry = entries.get(host);
  if (entry) {
    if (entry.expiresAt <= now && !entry.refreshing) {
      entry.refreshing = refresh(db, host, now);
      // Failed: the known site stays; the next request after the TTL tries again.
      entry.refreshing.catch(() => {
        entry.refreshing = null;
        entry.expiresAt = now + TTL_MS;
      });
    }
    return Promise.resolve(entry.site);
  }
  let first = firstReads.get(host);
  if (!first) {
    first = refresh(db, host, now).finally(() => firstReads.delete(host));
    firstReads.set(host, first);
  }
  return first;
}

/** The site of a host if this process has read it, without asking the database (the outage page's colours). */
export function knownSite(host: string): Site | null {
  return entries.get(host)?.site ?? null;
}
