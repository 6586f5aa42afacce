import { NextResponse, type NextRequest } from 'next/server';
import { normalizeHost } from '@/features/site/host';

/**
 * Routes each request to its site: /path on host H is served by app/[host]/path with host = H. The site itself is
 * looked up in the [host] layout; a host no site owns gets the plain 404 there. A malformed Host header is refused
 * here, before any rendering.
 */
export function proxy(request: NextRequest) {
  const host = normalizeHost(request.headers.get('host'));
  if (!host) {
    return new NextResponse('ページが見つかりません', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${host}${url.pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but Next.js's own assets and files served from public/.
  matcher: ['/((?!_next/|favicon.ico|robots.txt).*)'],
};
