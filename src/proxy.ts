import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/server/env';
import { normalizeHost } from '@/features/site/host';
import { isKnownHost } from '@/features/site/server/known-hosts';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { SECTION_IDS } from '@/features/site/sections';
import { FRONT_SECRET_HEADER, FRONT_VIEW_HEADER, VIEW_ROUTES, isFrontView } from '@/features/front/views';

const MEMBER_VIEW = '/member-view';
const SECTIONS = SECTION_IDS.join('|');
const CONTENT_PATH = new RegExp(`^/(?:(?:${SECTIONS})(?:/[^/]+)?)?$`);
/** Renderings that are not addresses of the site: reached only through the rewrites below. */
const PRIVATE_ROUTE = new RegExp(`^(?:${[MEMBER_VIEW, ...Object.values(VIEW_ROUTES)].join('|')})(?:/|$)`);

/** The cached rendering the front server asks for (its own request, known by the process's secret), if any. */
function frontView(request: NextRequest): string | null {
  const secret = env.FRONT_INTERNAL_SECRET;
  const view = request.headers.get(FRONT_VIEW_HEADER);
  if (!secret || request.headers.get(FRONT_SECRET_HEADER) !== secret || !isFrontView(view)) return null;
  return VIEW_ROUTES[view];
}

/**
 * Routes each request to its site: /path on host H is served by app/[host]/path with host = H. A host no site owns
 * gets the plain 404 page (app/unknown_host), server-rendered and with nothing of any club.
 *
 * Content pages come in several renderings (docs/decisions/0010 and 0012): the cached ones, which can only ever hold
 * what a visitor may see (the visitor's, the guest member's item page, and the premium member's item page without
 * its member part), and app/[host]/member-view, rendered per request for a request that carries a session. The
 * cookie only picks the rendering; the member rendering checks the session itself.
 */
export async function proxy(request: NextRequest) {
  const host = normalizeHost(request.headers.get('host'));
  const url = request.nextUrl.clone();
  if (!host || !(await isKnownHost(host))) {
    url.pathname = '/unknown_host';
    return NextResponse.rewrite(url, { status: 404 });
  }
  const path = url.pathname;
  // The guest's and the premium shell's renderings exist for item pages, the premium one for the top page and lists.
  const view = CONTENT_PATH.test(path) ? frontView(request) : null;
  if (PRIVATE_ROUTE.test(path)) {
    url.pathname = `/${host}/_${path}`;
  } else if (view) {
    url.pathname = `/${host}${view}${path === '/' ? '' : path}`;
  } else if (request.cookies.has(SESSION_COOKIE) && CONTENT_PATH.test(path)) {
    url.pathname = `/${host}${MEMBER_VIEW}${path === '/' ? '' : path}`;
  } else {
    url.pathname = `/${host}${path}`;
  }
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but Next.js's own assets and files served from public/.
  matcher: ['/((?!_next/|favicon.ico|robots.txt).*)'],
};
