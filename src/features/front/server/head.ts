import type { ServerResponse } from 'node:http';
import type { DbHealth } from '@/server/db/health';
import type { QueryCount } from '@/server/db/query-count';

/**
 * What the front server learned of a request while routing it, read by the header rules when the answer's head is
 * written (header-policy.ts). Filled in as route() goes: a rule reads only what was known by then.
 */
export interface RequestContext {
  /** The browser reached us over HTTPS (HSTS). */
  https: boolean;
  /** Benchmarks: the database round trips made for the request, sent as `x-db-round-trips`; null: not sent. */
  count: QueryCount | null;
  /** Set once the request is past the build assets and the direct routes: an answer for a page of the site. */
  page: {
    /** A content address (`/`, `/{section}`, `/{section}/{id}`, in any form). */
    content: boolean;
    /** A session cookie came with it. */
    member: boolean;
  } | null;
  /** When Next.js was handed the request (Date.now()), or null: an outage reported after it caused its 5xx. */
  nextSince: number | null;
  health: DbHealth;
}

/** The status and headers of an answer at the moment they are written, as a rule sees and changes them. */
export interface Head {
  status: number;
  /** A header as it will be sent: writeHead's own headers win over those set before. */
  get(name: string): string | undefined;
  /** Sets a header, whichever way it was given before. */
  set(name: string, value: string): void;
  remove(name: string): void;
}

/** The headers object given to `writeHead(status, [message], headers)`, if any (they win over those set before). */
export function givenHeaders(args: unknown[]): Record<string, unknown> | undefined {
  return args.find(
    (arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
  );
}

/** The head of an answer about to be written with these headers of writeHead's own (changed in place). */
export function headOf(
  res: ServerResponse,
  status: number,
  given: Record<string, unknown> | undefined,
): Head {
  const keyOf = (name: string) => given && Object.keys(given).find((key) => key.toLowerCase() === name);
  const drop = (name: string) => {
    const key = keyOf(name);
    if (key !== undefined) delete given![key];
  };
  return {
    status,
    get(name) {
      const key = keyOf(name);
      const value = key !== undefined ? given![key] : res.getHeader(name);
      return value === undefined ? undefined : String(value);
    },
    set(name, value) {
      drop(name);
      res.setHeader(name, value);
    },
    remove(name) {
      drop(name);
      res.removeHeader(name);
    },
  };
}
