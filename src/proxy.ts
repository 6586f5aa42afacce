import { NextResponse, type NextRequest } from 'next/server';
import { normalizeHost } from '@/features/site/host';
import { isKnownHost } from '@/features/site/server/known-hosts';

/**
 * Routes each request to its site: /path on host H is served by app/[host]/path with host = H. A host no site owns
 * gets the plain 404 page (app/unknown_host), server-rendered and with nothing of any club.
 */
export async function proxy(request: NextRequest) {
  const host = normalizeHost(request.headers.get('host'));
  const url = request.nextUrl.clone();
  if (!host || !(await isKnownHost(host))) {
    url.pathname = '/unknown_host';
    return NextResponse.rewrite(url, { status: 404 });
  }
  url.pathname = `/${host}${url.pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but Next.js's own assets and files served from public/.
  matcher: ['/((?!_next/|favicon.ico|robots.txt).*)'],
};
