import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { DbHealth } from '@/server/db/health';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** How long a 500 of Next.js waits for the probe that tells whether the database is behind it. */
const PROBE_TIMEOUT_MS = 1_000;

async function databaseFailed(db: Db, health: DbHealth, since: number): Promise<boolean> {
  // Next.js reports the render's error to instrumentation's onRequestError; give it its turn first.
  await new Promise((resolve) => setImmediate(resolve));
  if (health.down || health.lastUnavailableAt >= since) return true;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(Object.assign(new Error('probe timed out'), { code: 'CONNECT_TIMEOUT' })),
      PROBE_TIMEOUT_MS,
    ).unref(),
  );
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return false;
  } catch (error) {
    return health.report(error);
  }
}

/**
 * Next.js's handler, with its 5xx answers held back until they are complete: one caused by the database (a query
 * failed as unavailable during the request, or the database does not answer a probe) is replaced by `unavailable`
 * (503, Retry-After, Japanese); any other is sent as Next.js made it. Next.js cannot answer 503 itself: a page that
 * throws is a 500. Only 5xx answers are held, and those are small error pages; the others stream as before.
 */
export function answerNextOutages(
  next: Handler,
  db: Db,
  health: DbHealth,
  unavailable: (req: IncomingMessage, res: ServerResponse) => void,
): Handler {
  return async (req, res) => {
    const since = Date.now();
    const { writeHead, write, end } = res;
    let status = 0;
    let headArgs: unknown[] = [];
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, encoding as BufferEncoding | undefined));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const restore = () => Object.assign(res, { writeHead, write, end });

    res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
      if (code < 500) {
        restore();
        return (writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
      }
      status = code;
      headArgs = rest;
      return this;
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!status) this.writeHead(this.statusCode);
      if (!status) return (res.write as (...args: unknown[]) => boolean)(chunk, encoding, callback);
      keep(chunk, encoding);
      const done = [encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!status) this.writeHead(this.statusCode);
      if (!status) return (res.end as (...args: unknown[]) => ServerResponse)(chunk, encoding, callback);
      keep(chunk, encoding);
      restore();
      void databaseFailed(db, health, since).then((failed) => {
        if (failed) {
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          return unavailable(req, res);
        }
        res.writeHead(status, ...(headArgs as []));
        res.end(Buffer.concat(chunks));
      });
      return this;
    } as ServerResponse['end'];

    await next(req, res);
  };
}
