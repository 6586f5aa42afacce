import type { ServerResponse } from 'node:http';
import { headOf, givenHeaders, type Head, type RequestContext } from '@/features/front/server/head';
import { keptRenderingPolicy } from '@/features/front/server/kept-policy';
import { outageStatus, settledCacheControl } from '@/features/front/server/next-status';

/** One rule of the header policy: decides headers (and the status) of an answer from what it is and the request. */
export interface HeaderRule {
  name: string;
  apply: (head: Head, context: RequestContext) => void;
}

/** Two years, every host of the site: once a browser has seen the site over HTTPS it never asks over HTTP again. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Every answer's headers, whoever makes it (the front server or Next.js), in this order:
 * 1. the status first, since the rules after it read it: Next.js's 5xx during an outage becomes a 503;
 * 2. the kept rendering's script policy, which reads the status (a 304 keeps its copy's) and Next.js's internal
 *    headers, and removes the one that must not be sent on;
 * 3. the cache policy, which reads what Next.js marked shareable and the 503's `no-store` set in 1 (it never makes
 *    a 503 shareable: `no-store` has no `s-maxage`);
 * 4. HSTS, on every answer over HTTPS;
 * 5. last, the round-trip count: the queries made until the head goes out, whatever the rules before did.
 */
export const HEADER_RULES: readonly HeaderRule[] = [
  { name: 'outage status', apply: outageStatus },
  { name: 'kept rendering policy', apply: keptRenderingPolicy },
  { name: 'cache control', apply: settledCacheControl },
  {
    name: 'hsts',
    apply: (head, context) => {
      if (context.https) head.set('strict-transport-security', HSTS);
    },
  },
  {
    name: 'db round trips',
    apply: (head, context) => {
      if (context.count) head.set('x-db-round-trips', String(context.count.queries));
    },
  },
];

/**
 * The one wrapper of an answer's `writeHead` (Node's implicit headers, a first write() without it, call it too):
 * the rules run once, in their order, as the head is written. A status they change loses its message.
 */
export function applyHeaderPolicy(
  res: ServerResponse,
  context: RequestContext,
  rules: readonly HeaderRule[] = HEADER_RULES,
): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const head = headOf(res, status, givenHeaders(rest));
    for (const rule of rules) rule.apply(head, context);
    const args = head.status === status ? rest : rest.filter((arg) => typeof arg !== 'string');
    return writeHead(head.status, ...args);
  }) as ServerResponse['writeHead'];
}
