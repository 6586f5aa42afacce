import 'server-only';
import { z } from '@/lib/zod';
import { env, type Env } from '@/server/env';
import { withTimeout } from '@/lib/timeout';
import type { DrawBeacon } from '@/features/presale/draw';
import { checkDrandBeacon, QUICKNET, type DrandChain } from '@/features/presale/draw/drand';

/** Where public beacon rounds come from: a relay of a drand network (production), or none (the offline demo). */
export interface DrandSource {
  url: string;
  chain: DrandChain;
  timeoutMs: number;
}

/** The settings that decide a presale's beacon (a test passes a production's own). */
export type BeaconSettings = Pick<
  Env,
  'NODE_ENV' | 'DEMO_MODE' | 'DRAND_URL' | 'DRAND_TIMEOUT_MS' | 'UNVERIFIABLE_OPERATOR_BEACON'
>;

export function configuredDrand(value: BeaconSettings = env): DrandSource | null {
  return value.DRAND_URL
    ? { url: value.DRAND_URL.replace(/\/+$/, ''), chain: QUICKNET, timeoutMs: value.DRAND_TIMEOUT_MS }
    : null;
}

/**
 * Whether the server may draw a beacon's bytes itself: 'operator' only where the operator said so by name; 'local'
 * only in the demo, or off production (a laptop, a test, a seed script), as the payments sandbox is.
 */
export function mayDrawOwnBeacon(source: 'local' | 'operator', value: BeaconSettings = env): boolean {
  if (source === 'operator') return value.UNVERIFIABLE_OPERATOR_BEACON === 'true';
  return value.DEMO_MODE === 'true' || value.NODE_ENV !== 'production';
}

/** The beacon a presale set up now draws with: a drand round on this chain, or bytes the server draws at the close. */
export type BeaconPlan = { source: 'drand'; chain: DrandChain } | { source: 'local' | 'operator' };

/** The plan for a presale set up now, or null: no public beacon and nothing allows another (production refuses). */
export function beaconPlan(
  drand: DrandSource | null = configuredDrand(),
  value: BeaconSettings = env,
): BeaconPlan | null {
  if (drand) return { source: 'drand', chain: drand.chain };
  if (mayDrawOwnBeacon('operator', value)) return { source: 'operator' };
  if (mayDrawOwnBeacon('local', value)) return { source: 'local' };
  return null;
}

export const NO_PUBLIC_BEACON =
  '公開乱数ビーコン（drand）が設定されていないため、先行受付を設定できません。抽選の乱数を運営者が選べないよう、DRAND_URL を設定してください（公開ビーコンを使わない場合は、その旨を公開する UNVERIFIABLE_OPERATOR_BEACON=true を設定します）。';

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
