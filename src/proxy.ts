import { NextResponse, type NextRequest } from 'next/server';
import { normalizeHost } from '@/features/site/host';
import { isKnownHost } from '@/features/site/server/known-hosts';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { SECTION_IDS } from '@/features/site/sections';

const MEMBER_VIEW = '/member-view';
const CONTENT_PATH = new RegExp(`^/(?:(?:${SECTION_IDS.join('|')})(?:/[^/]+)?)?$`);

/**
 * Routes each request to its site: /path on host H is served by app/[host]/path with host = H. A host no site owns
 * gets the plain 404 page (app/unknown_host), server-rendered and with nothing of any club.
 *
 * Content pages come in two renderings (docs/decisions/0010): the cached one for signed-out visitors, which can
 * only ever hold what a visitor may see, and app/[host]/member-view, rendered per request for a request that
 * carries a session. The cookie only picks the rendering; the member rendering checks the session itself.
 */
export async function proxy(request: NextRequest) {
  const host = normalizeHost(request.headers.get('host'));
  const url = request.nextUrl.clone();
  if (!host || !(await isKnownHost(host))) {
    url.pathname = '/unknown_host';
    return NextResponse.rewrite(url, { status: 404 });
  }
  const path = url.pathname;
  if (path === MEMBER_VIEW || path.startsWith(`${MEMBER_VIEW}/`)) {
    // Not an address of the site: only reached through the rewrite below.
    url.pathname = `/${host}/_${path}`;
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
