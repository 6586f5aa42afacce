import 'server-only';
import type { Db } from '@/server/db/client';
import { findSiteByHost, type Site } from '@/features/site/server/repository';

/** A site's configuration is read again after this long, so that a change shows within seconds (decision 0003). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const entries = new Map<string, { site: Promise<Site | null>; expiresAt: number }>();

/**
 * The site of a host name, kept for a few seconds: every page view needs it, and a database round trip and a schema
 * parse per request would be most of a member page's budget (issue 7: at most three round trips).
 */
export function siteForHost(db: Db, host: string, now = Date.now()): Promise<Site | null> {
  const hit = entries.get(host);
  if (hit && hit.expiresAt > now) return hit.site;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const site = findSiteByHost(db, host);
  entries.set(host, { site, expiresAt: now + TTL_MS });
  // A failed read is not kept: the next request asks again.
  site.catch(() => entries.delete(host));
  return site;
}
