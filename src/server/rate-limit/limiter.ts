import 'server-only';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@/lib/errors';
import { env } from '@/server/env';
import type { Db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema';
import { RATE_LIMITS, type RateLimitName } from '@/server/rate-limit/limits';
import { addressKey } from '@/server/rate-limit/address-key';

const limiters = new WeakMap<Db, Map<RateLimitName, RateLimiterDrizzle>>();

function limiterFor(db: Db, name: RateLimitName, scale: number): RateLimiterDrizzle {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) {
    const { points, seconds } = RATE_LIMITS[name];
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      points: points * scale,
      duration: seconds,
      // Rows of windows that ended are deleted now and then by the library.
      clearExpiredByTimeout: true,
    });
    byName.set(name, limiter);
  }
  return limiter;
}

/** An address limit's key is the address as it is counted (an IPv6 client by its /64); any other key as it is. */
function keyOf(name: RateLimitName, key: string): string {
  return name.endsWith(':address') ? addressKey(key) : key;
}

/**
 * Counts one request against `name` for `key` (an address or an account); once the window's allowance is used,
 * throws TOO_MANY_REQUESTS (429) with the seconds until the window ends. One upsert of one row: the count is atomic, so two instances never both let the last one in.
 */
export async function consumeRateLimit(
  db: Db,
  name: RateLimitName,
  key: string,
  /** `cost`: how many requests this one counts as (a test filling a window at once). */
  options: { scale?: number; message?: string; cost?: number } = {},
): Promise<void> {
  try {
    await limiterFor(db, name, options.scale ?? env.RATE_LIMIT_SCALE).consume(
      keyOf(name, key),
      options.cost ?? 1,
    );
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new AppError('TOO_MANY_REQUESTS', options.message, {
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
    throw error;
  }
}

/**
 * Counts each value of `values` once per window against `name` for `key`: a value counted before (marked under
 * `marks`, for `key`) costs nothing again. The mark is set only after the count let it through, so a value refused
 * once is counted when it is tried again: the allowance bounds the distinct values that got through.
 */
export async function consumeDistinct(
  db: Db,
  name: RateLimitName,
  marks: RateLimitName,
  key: string,
  values: readonly string[],
  options: { scale?: number; message?: string } = {},
): Promise<void> {
  const marker = limiterFor(db, marks, 1);
  for (const value of new Set(values)) {
    const markKey = `${key}:${value}`;
    if (await marker.get(markKey)) continue;
    await consumeRateLimit(db, name, key, options);
    await marker.consume(markKey);
  }
}

/** Counts one event (a failure, say) against `name` for `key`, without refusing anything: see `isUsedUp`. */
export async function countEvent(db: Db, name: RateLimitName, key: string): Promise<void> {
  await limiterFor(db, name, env.RATE_LIMIT_SCALE)
    .consume(keyOf(name, key))
    .catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    });
}

/** Whether `key` has used the window's allowance of `name` (counted by `countEvent` or `consumeRateLimit`). */
export async function isUsedUp(db: Db, name: RateLimitName, key: string): Promise<boolean> {
  const { points } = RATE_LIMITS[name];
  const seen = await limiterFor(db, name, env.RATE_LIMIT_SCALE).get(keyOf(name, key));
  return seen !== null && seen.consumedPoints >= points * env.RATE_LIMIT_SCALE;
}
