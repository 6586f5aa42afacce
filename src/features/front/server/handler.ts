import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/server/db/client';
import { countQueries, type QueryCount } from '@/server/db/query-count';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '@/server/http/client-address';
import { dbHealth, type DbHealth } from '@/server/db/health';
import { normalizeHost } from '@/features/site/host';
import { knownSite, siteForHost } from '@/features/site/server/site-cache';
import type { ViewerAccess } from '@/features/membership/server/viewer-access';
import type { Audience } from '@/features/front/audience';
import { FRONT_SECRET_HEADER } from '@/features/front/internal';
import type { PageCache } from '@/features/front/server/page-cache';
import { AudienceMismatch, fetchRendering, type RenderTarget } from '@/features/front/server/rendering';
import { requestAudience } from '@/features/front/server/request-audience';
import {
  isContentAddress,
  overHttps,
  pageRequest,
  sessionToken,
  type PageRequest,
} from '@/features/front/server/requests';
import { sendPage } from '@/features/front/server/send';
import { sendUnavailable } from '@/features/front/server/outage-page';
import { keepPrivate, withOutageStatus } from '@/features/front/server/next-status';
import type { Site } from '@/features/site/server/repository';

export interface FrontDeps {
  db: Db;
  cache: PageCache;
  target: RenderTarget;
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
  /** Asks the identity provider about a session due for its periodic check, in the background. */
  recheck: (site: Site, access: ViewerAccess) => void;
}

type Deps = FrontDeps & { health: DbHealth; internal: FrontDeps['next'] };

/** The page cache's key of a rendering: one per content address and audience. */
export const cacheKey = (host: string, path: string, audience: Audience) => `${host}${path}|${audience}`;

function cached(deps: Deps, site: Site, request: PageRequest, audience: Audience, session: string | null) {
  return deps.cache.get(cacheKey(request.host, request.path, audience), site.id, () =>
    fetchRendering(deps.target, request.host, request.path, audience, session),
  );
}

/**
 * The front door of every request (docs/decisions/0012). Content pages are answered from the page cache: the
 * visitor's rendering for visitors and for guest members' lists and top page, the guest member's rendering of an
 * item for a signed-in member without premium, and the premium rendering (one for every premium member: nothing in
 * it is personal) for premium members. Everything else goes to Next.js.
 */
/** Two years, every host of the site: once a browser has seen the site over HTTPS it never asks over HTTP again. */
const HSTS = 'max-age=63072000; includeSubDomains';

async function route(deps: Deps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.headers[FRONT_SECRET_HEADER] === deps.target.secret) return deps.internal(req, res);
  delete req.headers[FRONT_SECRET_HEADER];
  // On every answer, whoever makes it (Next.js keeps headers set before it writes its own).
  if (overHttps(req)) res.setHeader('strict-transport-security', HSTS);
  // Who the client is, as this server judges it; never what the client said under this name.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, deps.trustedProxies ?? 0);
  if (deps.staticAssets && (await deps.staticAssets(req, res))) return;
  if (isContentAddress(req) && sessionToken(req.headers.cookie) !== null) keepPrivate(res);
  const request = pageRequest(req);
  if (deps.health.down) return duringOutage(deps, req, res, request);
  const site = request && (await siteForHost(deps.db, request.host));
  if (!request || !site) return deps.next(req, res);

  const token = sessionToken(req.headers.cookie);
  const audience = await requestAudience(deps, site, token, request.item !== null);
  if (deps.health.down) return duringOutage(deps, req, res, request);
  // Whatever the session turns out to be, an answer to a request that carries one is nobody else's to keep.
  const member = token !== null;
  const found = await cached(deps, site, request, audience, token).catch((error: unknown) => {
    // The session changed while the page was rendered: Next.js answers this request itself, for who it is now.
    if (error instanceof AudienceMismatch) return null;
    throw error;
  });
  if (!found) return deps.next(req, res);
  sendPage(req, res, found.page, { member, state: found.state, audience });
}

/**
 * While the database is down (decision 0020): a page the cache holds is served however old (the visitor's
 * rendering, to members too, privately), Next.js's build assets still flow, and everything else gets the 503 page
 * at once instead of waiting on a connection that will fail. A probe in the background notices the way back.
 */
function duringOutage(deps: Deps, req: IncomingMessage, res: ServerResponse, request: PageRequest | null) {
  deps.health.probe(deps.db);
  if (req.url?.startsWith('/_next/')) return deps.next(req, res);
  const host = normalizeHost(req.headers.host);
  const site = host ? knownSite(host) : null;
  const held =
    request && site ? deps.cache.held(cacheKey(request.host, request.path, 'visitor'), site.id) : null;
  if (!held) return sendUnavailable(req, res, site);
  sendPage(req, res, held, { member: sessionToken(req.headers.cookie) !== null, state: 'stale' });
}

function exposeCount(res: ServerResponse, count: QueryCount): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader('x-db-round-trips', String(count.queries));
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

export function createFrontHandler(frontDeps: FrontDeps) {
  const health = frontDeps.health ?? dbHealth();
  const unavailable = (req: IncomingMessage, res: ServerResponse) => {
    const host = normalizeHost(req.headers.host);
    sendUnavailable(req, res, host ? knownSite(host) : null);
  };
  // The front server's own requests for renderings keep Next.js's status: the page cache judges those itself.
  const internal = frontDeps.next;
  const deps: Deps = { ...frontDeps, health, internal, next: withOutageStatus(frontDeps.next, health) };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const count: QueryCount = { queries: 0 };
    if (deps.countHeader) exposeCount(res, count);
    countQueries(count, () =>
      route(deps, req, res).catch((error: unknown) => {
        // The database's unavailability is logged once when it starts (DbHealth), not once per request.
        if (!health.report(error)) console.error('front server:', error);
        if (!res.headersSent) unavailable(req, res);
        else res.destroy();
      }),
    );
  };
}
