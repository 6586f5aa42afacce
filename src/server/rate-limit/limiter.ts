import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@/lib/errors';
import { env } from '@/server/env';
import type { Db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema';
import { executePreparedRows, executeRows, pgArray } from '@/server/db/raw';
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
 * throws TOO_MANY_REQUESTS (429) with the seconds until the window ends. One upsert of one row: the count is atomic,
 * so two instances never both let the last one in.
 *
 * The upsert is the library's (RateLimiterDrizzle's `consume`: the same key, row and window), sent as a statement
 * kept prepared: built by Drizzle's query builder at every call, it cost the app a tenth of its CPU per application at
 * a presale's opening (issue 40). The library's limiter still gives the allowance and the key, and clears the rows of
 * windows that ended.
 */
export async function consumeRateLimit(
  db: Db,
  name: RateLimitName,
  key: string,
  /** `cost`: how many requests this one counts as (a test filling a window at once). */
  options: { scale?: number; message?: string; cost?: number } = {},
  now = new Date(),
): Promise<void> {
  const limiter = limiterFor(db, name, options.scale ?? env.RATE_LIMIT_SCALE);
  const [row] = await executePreparedRows<{ points: number; expire: string | null }>(
    db,
    'rate-limit:consume',
    () =>
      upsertCounts(
        sql`select ${sql.placeholder('key')}::text as key, ${sql.placeholder('points')}::int as points`,
        sql`${sql.placeholder('expire')}::timestamptz`,
        sql`${sql.placeholder('now')}::timestamptz`,
      ),
    {
      key: limiter.getKey(keyOf(name, key)),
      points: options.cost ?? 1,
      expire: new Date(now.getTime() + limiter.duration * 1000).toISOString(),
      now: now.toISOString(),
    },
  );
  if (row!.points > limiter.points) throw tooMany(row!.expire, now, options.message);
}

/**
 * Rows of rate_limits counted as the library counts them (RateLimiterDrizzle's upsert): `source` selects `key` and
 * `points`; a row whose window ended (at `now`) starts again at `points`, its window ending at `expire`.
 */
function upsertCounts(source: SQL, expire: SQL, now: SQL): SQL {
  const ended = sql`rate_limits.expire <= ${now}`;
  return sql`insert into rate_limits (key, points, expire)
    select counts.key, counts.points, ${expire} from (${source}) as counts
    on conflict (key) do update set
      points = case when ${ended} then excluded.points else rate_limits.points + excluded.points end,
      expire = case when ${ended} then excluded.expire else rate_limits.expire end
    returning points, expire`;
}

/** A window of `name` that starts at `now`: its end, and `now`, as upsertCounts takes them. */
function windowOf(name: RateLimitName, now: Date): [expire: SQL, now: SQL] {
  const expire = new Date(now.getTime() + RATE_LIMITS[name].seconds * 1000).toISOString();
  return [sql`${expire}::timestamptz`, sql`${now.toISOString()}::timestamptz`];
}

/** The 429 of a count over its allowance, with the seconds until its window ends (as consumeRateLimit answers). */
function tooMany(expire: string | null, now: Date, message: string | undefined): AppError {
  const ms = expire ? new Date(expire).getTime() - now.getTime() : 0;
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });
}

/**
 * Counts each value of `values` once per window against `name` for `key`: a value counted before (marked under
 * `marks`, for `key`) costs nothing again. A value is marked only when the count let it through, so a value refused
 * once is counted when it is tried again: the allowance bounds the distinct values that got through.
 * `options.request`: one request counted against that limit first, as consumeRateLimit counts it (no message of its
 * own); when it refuses, the values are not counted.
 *
 * ONE statement whatever the number of values (issue 40: an application naming companions in at most 5 round trips),
 * on the library's own rows (its keys, `prefix:key`, and its upsert), so consumeRateLimit and isUsedUp count on with
 * them. The count's upsert locks its row: two requests at once never both take the last value. The marks are read in
 * the statement's snapshot: a value named by two requests at that very instant is counted twice (stricter, never
 * looser).
 */
export async function consumeDistinct(
  db: Db,
  name: RateLimitName,
  marks: RateLimitName,
  key: string,
  values: readonly string[],
  options: { scale?: number; message?: string; request?: { name: RateLimitName; key: string } } = {},
  now = new Date(),
): Promise<void> {
  const allowance = RATE_LIMITS[name].points * (options.scale ?? env.RATE_LIMIT_SCALE);
  const { request } = options;
  const requestAllowance = request ? RATE_LIMITS[request.name].points * env.RATE_LIMIT_SCALE : 0;
  const requestCount = request
    ? upsertCounts(
        sql`select ${`${request.name}:${keyOf(request.name, request.key)}`} as key, 1 as points`,
        ...windowOf(request.name, now),
      )
    : sql`select 0 as points, null::timestamptz as expire`;
  const markKeys = [...new Set(values)].map((value) => `${marks}:${key}:${value}`);
  const [row] = await executeRows<{
    request_points: number;
    request_expire: string | null;
    points: number | null;
    expire: string | null;
  }>(
    db,
    sql`with request as (
      ${requestCount}
    ), fresh as (
      -- The values not marked in this window, ranked in the order given; none when the request was refused.
      select v.key, row_number() over (order by v.ord) as rank
      from unnest(${pgArray(markKeys)}::text[]) with ordinality as v(key, ord)
      where not exists (
        select 1 from rate_limits r
        where r.key = v.key and (r.expire > ${now.toISOString()}::timestamptz or r.expire is null)
      ) and (select request.points from request) <= ${requestAllowance}
    ), counted as (
      ${upsertCounts(
        sql`select ${`${name}:${keyOf(name, key)}`} as key, count(*)::int as points from fresh having count(*) > 0`,
        ...windowOf(name, now),
      )}
    ), marked as (
      -- As if counted one at a time: a value is let through when the count before this request plus its rank fits.
      ${upsertCounts(
        sql`select fresh.key, 1 as points from fresh, counted
          where counted.points - (select count(*) from fresh) + fresh.rank <= ${allowance}`,
        ...windowOf(marks, now),
      )}
    )
    select (select request.points from request) as request_points,
      (select request.expire from request) as request_expire,
      (select counted.points from counted) as points, (select counted.expire from counted) as expire`,
  );
  if (request && row!.request_points > requestAllowance) throw tooMany(row!.request_expire, now, undefined);
  if (row!.points !== null && row!.points > allowance) throw tooMany(row!.expire, now, options.message);
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
