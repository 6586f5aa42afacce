import 'server-only';
import { getDb } from '@/server/db';
import { hostExists } from '@/features/site/server/repository';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const known = new Map<string, { exists: boolean; expiresAt: number }>();

/**
 * Whether some site owns this host, cached for a few seconds (unknown hosts included) so that the proxy costs a map
 * lookup per request and a flood of made-up hosts cannot reach the database on every request.
 */
export async function isKnownHost(host: string, now = Date.now()): Promise<boolean> {
  const hit = known.get(host);
  if (hit && hit.expiresAt > now) return hit.exists;
  const exists = await hostExists(await getDb(), host);
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(host, { exists, expiresAt: now + TTL_MS });
  return exists;
}
