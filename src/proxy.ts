import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/server/env';
import { getDb } from '@/server/db';
import { choosePaymentProvider } from '@/server/payments/choice';
import { normalizeHost, SECTION_IDS } from '@/features/site';
import { isKnownHost } from '@/features/site/server';
import { getSite } from '@/features/site/app';
import type { Site } from '@/features/site';
import { SESSION_COOKIE, firebaseIdentity } from '@/features/auth/server';
import { AUDIENCE_HEADER, AUDIENCE_ROUTE } from '@/features/content';
import {
  audienceFromFront,
  checkBeside,
  DECIDED_AUDIENCE_HEADER,
  requestAudience,
} from '@/features/front/server';
import { contentSecurityPolicy, newNonce, nonceSource } from '@/server/http/content-security-policy';

const SECTIONS = SECTION_IDS.join('|');
const CONTENT_PATH = new RegExp(`^/(?:(?:${SECTIONS})(/[^/]+)?)?$`);
/** The audiences' renderings are not addresses of the site: reached only through the rewrite below. */
const PRIVATE_ROUTE = new RegExp(`^${AUDIENCE_ROUTE}(?:/|$)`);

/**
 * Routes each request to its site: /path on host H is served by app/[host]/path with host = H. A host no site owns
 * gets the plain 404 page (app/unknown_host), server-rendered and with nothing of any club.
 *
 * A content page (/, /{section}, /{section}/{id}) is rendered for its audience (docs/decisions/0022): the request's
 * session decides it, once per request. The front server decides it and names it here (decision 0041); this function
 * decides it itself, by the same function, only where the front server named none (no front server runs). The page
 * under app/[host]/for/[audience] never reads the request. The answer names its audience, so that the front server
 * keeps it only under that name.
 */
export async function proxy(request: NextRequest) {
  // Every answer's scripts run only with its nonce (or, for a rendering Next.js keeps, their hashes, which the front
  // server puts in its place): Next.js reads the nonce from the request's policy and writes it on its scripts.
  const policy = contentSecurityPolicy([nonceSource(newNonce())]);
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  // The front server's word to this function only: the pages never read it.
  headers.delete(DECIDED_AUDIENCE_HEADER);
  const rewrite = (url: URL, init: { status?: number; headers?: Record<string, string> } = {}) =>
    NextResponse.rewrite(url, {
      status: init.status,
      request: { headers },
      headers: { ...init.headers, 'content-security-policy': policy },
    });

  const host = normalizeHost(request.headers.get('host'));
  const url = request.nextUrl.clone();
  if (!host || !(await isKnownHost(host))) {
    url.pathname = '/unknown_host';
    return rewrite(url, { status: 404 });
  }
  const path = url.pathname;
  const content = CONTENT_PATH.exec(path);
  const site = content ? await getSite(host) : null;
  if (PRIVATE_ROUTE.test(path)) {
    url.pathname = `/${host}/_${path}`;
  } else if (content && site) {
    // Decided once per request: by the front server, which names it (decision 0041); here only without one.
    const audience =
      audienceFromFront(request.headers.get(DECIDED_AUDIENCE_HEADER)) ??
      (await decideAudience(
        site,
        request.cookies.get(SESSION_COOKIE)?.value ?? null,
        content[1] !== undefined,
      ));
    url.pathname = `/${host}${AUDIENCE_ROUTE}/${audience}${path === '/' ? '' : path}`;
    return rewrite(url, { headers: { [AUDIENCE_HEADER]: audience } });
  } else {
    url.pathname = `/${host}${path}`;
  }
  return rewrite(url);
}

/** The audience as the front server decides it, for a request that did not come through one (`next start`). */
async function decideAudience(site: Site, token: string | null, item: boolean) {
  const db = await getDb();
  const lookup = {
    db,
    sandboxClock: choosePaymentProvider(env) === 'sandbox',
    recheck: checkBeside(db, firebaseIdentity),
  };
  return requestAudience(lookup, site, token, item);
}

export const config = {
  // Everything but Next.js's own assets and files served from public/.
  matcher: ['/((?!_next/|favicon.ico|robots.txt).*)'],
};
