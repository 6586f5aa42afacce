import 'server-only';
import { getDb } from '@/server/db';
import { dbHealth } from '@/server/db/health';
import { hostExists } from '@/features/site/server/repository';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const known = new Map<string, { exists: boolean; expiresAt: number }>();

/**
 * Whether some site owns this host, cached for a few seconds (unknown hosts included) so that the proxy costs a map
 * lookup per request and a flood of made-up hosts cannot reach the database on every request. While the database
 * is down the last answer stands, so that the proxy does not turn each request into a 500.
 */
export async function isKnownHost(host: string, now = Date.now()): Promise<boolean> {
  const hit = known.get(host);
  if (hit && (hit.expiresAt > now || dbHealth().down)) return hit.exists;
  let exists: boolean;
  try {
    exists = await hostExists(await getDb(), host);
  } catch (error) {
    // The database cannot answer: what was known stays true through the outage (decision 0020).
    if (!hit || !dbHealth().report(error)) throw error;
    hit.expiresAt = now + TTL_MS;
    return hit.exists;
  }
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(host, { exists, expiresAt: now + TTL_MS });
  return exists;
}
