import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/server/db/client';
import { countQueries } from '@/server/db/query-count';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '@/server/http/client-address';
import { dbHealth, type DbHealth } from '@/server/db/health';
import type { LimitFunction } from 'p-limit';
import { answerDirect, matchDirectRoute, type DirectRoute } from '@/server/http/direct-routes';
import { normalizeHost } from '@/features/site';
import { sessionTokenOf } from '@/features/auth/server';
import { knownSite, siteForHost } from '@/features/site/server';
import type { ViewerAccess } from '@/features/membership';
import { findStoredPage } from '@/features/front/server/stored-page';
import { requestAudience } from '@/features/front/server/request-audience';
import {
  contentAddress,
  isContentAddress,
  overHttps,
  pageRequest,
  type PageRequest,
} from '@/features/front/server/requests';
import { DECIDED_AUDIENCE_HEADER, markFrontServer } from '@/features/front/server/decided-audience';
import { sendPage } from '@/features/front/server/send';
import { sendUnavailable } from '@/features/front/server/outage-page';
import { applyHeaderPolicy } from '@/features/front/server/header-policy';
import type { RequestContext } from '@/features/front/server/head';
import type { Site } from '@/features/site';

export interface FrontDeps {
  db: Db;
  /** Next.js's own request handler: everything the front server does not answer itself. */
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  sandboxClock: boolean;
  /** Benchmarks: `x-db-round-trips` on every response (the queries made for it until its headers were sent). */
  countHeader: boolean;
  /** Serves a build asset itself (brotli), or answers false. */
  staticAssets?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** What the process knows of the database's health (default: the process's one record). */
  health?: DbHealth;
  /** How many proxies stand before this server (TRUSTED_PROXIES): who the client is, for the rate limits. */
  trustedProxies?: number;
  /** The APIs this server answers itself, without Next.js (decision 0034). */
  directRoutes?: readonly DirectRoute[];
  /** How many of their answers work at once, the others waiting their turn (direct-routes.ts, decision 0060). */
  directGate?: LimitFunction;
  /** Asks the identity provider about a session due for its periodic check, in the background. */
  recheck: (site: Site, access: ViewerAccess) => void;
}

type Deps = FrontDeps & { health: DbHealth };

/**
 * The front door of every request (docs/decisions/0023). A content page whose rendering for the request's audience
 * Next.js keeps, and within its time, is sent from Next.js's store at once: the visitor's rendering for visitors and
 * for guest members' lists and top page, the guest member's rendering of an item for a signed-in member without
 * premium, and the premium rendering (one for every premium member: nothing in it is personal) for premium members.
 * Everything else is Next.js's to answer, which keeps what it renders in the store for the next request.
 */
async function route(deps: Deps, context: RequestContext, req: IncomingMessage, res: ServerResponse) {
  // Who the client is, as this server judges it; never what the client said under this name.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, deps.trustedProxies ?? 0);
  // The audience proxy.ts routes by is this server's decision (below), never what the client said under its name.
  delete req.headers[DECIDED_AUDIENCE_HEADER];
  if (deps.staticAssets && (await deps.staticAssets(req, res))) return;
  const direct = matchDirectRoute(deps.directRoutes ?? [], req);
  if (direct) {
    if (deps.health.down) return duringOutage(deps, context, req, res, null);
    return answerDirect(direct, normalizeHost(req.headers.host) ?? '', req, res, deps.directGate);
  }
  const token = sessionTokenOf(req.headers.cookie);
  context.page = { content: isContentAddress(req), member: token !== null };
  const request = pageRequest(req);
  if (deps.health.down) return duringOutage(deps, context, req, res, request);
  const content = contentAddress(req);
  const site = content && (await siteForHost(deps.db, content.host));
  if (!content || !site) return toNext(deps, context, req, res);

  // Decided once, here, for every content address: the store's key, and the route proxy.ts renders on a miss.
  const audience = await requestAudience(deps, site, token, content.item);
  req.headers[DECIDED_AUDIENCE_HEADER] = audience;
  if (deps.health.down) return duringOutage(deps, context, req, res, request);
  if (!request) return toNext(deps, context, req, res);
  const page = await findStoredPage(request.host, audience, request.path);
  // Whatever the session turns out to be, an answer to a request that carries one is nobody else's to keep.
  if (page?.fresh) return sendPage(req, res, page, { member: token !== null, state: 'hit', audience });
  // Not kept yet, or past its time: Next.js answers (past its time, with the old one while it renders it again).
  res.setHeader('x-fc-cache', page ? 'stale' : 'miss');
  return toNext(deps, context, req, res);
}

/**
 * While the database is down (decision 0020): a page the cache holds is served however old (the visitor's
 * rendering, to members too, privately), Next.js's build assets still flow, and everything else gets the 503 page
 * at once instead of waiting on a connection that will fail. A probe in the background notices the way back.
 */
async function duringOutage(
  deps: Deps,
  context: RequestContext,
  req: IncomingMessage,
  res: ServerResponse,
  request: PageRequest | null,
) {
  deps.health.probe(deps.db);
  if (req.url?.startsWith('/_next/')) return toNext(deps, context, req, res);
  const host = normalizeHost(req.headers.host);
  const site = host ? knownSite(host) : null;
  const held = request && site ? await findStoredPage(request.host, 'visitor', request.path) : null;
  if (!held) return sendUnavailable(req, res, site);
  sendPage(req, res, held, { member: sessionTokenOf(req.headers.cookie) !== null, state: 'stale' });
}

/** Hands the request to Next.js: from now on an outage reported is its answer's cause (the outage status rule). */
function toNext(deps: Deps, context: RequestContext, req: IncomingMessage, res: ServerResponse) {
  context.nextSince = Date.now();
  return deps.next(req, res);
}

export function createFrontHandler(frontDeps: FrontDeps) {
  // proxy.ts in this process may now believe the audience this handler names (decided-audience.ts).
  markFrontServer();
  const health = frontDeps.health ?? dbHealth();
  const unavailable = (req: IncomingMessage, res: ServerResponse) => {
    const host = normalizeHost(req.headers.host);
    sendUnavailable(req, res, host ? knownSite(host) : null);
  };
  const deps: Deps = { ...frontDeps, health };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const count = { queries: 0 };
    const context: RequestContext = {
      https: overHttps(req),
      count: deps.countHeader ? count : null,
      page: null,
      nextSince: null,
      health,
    };
    // The one header policy of every answer (header-policy.ts), whoever makes it.
    applyHeaderPolicy(res, context);
    countQueries(count, () =>
      route(deps, context, req, res).catch((error: unknown) => {
        // The database's unavailability is logged once when it starts (DbHealth), not once per request.
        if (!health.report(error)) console.error('front server:', error);
        if (!res.headersSent) unavailable(req, res);
        else res.destroy();
      }),
    );
  };
}
