import 'server-only';
import { z } from '@/lib/zod';
import { env } from '@/server/env';
import { withTimeout } from '@/lib/timeout';
import type { DrawBeacon } from '@/features/presale/draw';
import { checkDrandBeacon, QUICKNET, type DrandChain } from '@/features/presale/draw/drand';

/** Where public beacon rounds come from: a relay of a drand network (production), or none (the offline demo). */
export interface DrandSource {
  url: string;
  chain: DrandChain;
  timeoutMs: number;
}

export function configuredDrand(): DrandSource | null {
  return env.DRAND_URL
    ? { url: env.DRAND_URL.replace(/\/+$/, ''), chain: QUICKNET, timeoutMs: env.DRAND_TIMEOUT_MS }
    : null;
}

const roundSchema = z.object({
  round: z.number().int(),
  randomness: z.string(),
  signature: z.string(),
});

/**
 * A round's beacon from the relay, or null while it is not out yet, the relay is unreachable or answers something
 * whose signature does not check: the draw waits for the next try rather than drawing on an unverified value.
 */
export async function fetchDrandBeacon(source: DrandSource, round: number): Promise<DrawBeacon | null> {
  try {
    const response = await withTimeout(
      fetch(`${source.url}/public/${round}`, { signal: AbortSignal.timeout(source.timeoutMs) }),
      source.timeoutMs,
      'drand relay',
    );
    if (!response.ok) return null;
    const parsed = roundSchema.safeParse(await response.json());
    if (!parsed.success || parsed.data.round !== round) return null;
    const beacon = { source: 'drand' as const, ...parsed.data };
    if (!(await checkDrandBeacon(beacon, source.chain))) {
      console.warn(`presale: drand round ${round} from ${source.url} did not verify`);
      return null;
    }
    return beacon;
  } catch (error) {
    console.warn(`presale: drand round ${round} not fetched:`, (error as Error).message);
    return null;
  }
}
