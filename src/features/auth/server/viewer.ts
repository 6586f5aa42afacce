import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { firebaseIdentity } from '@/features/auth/server/identity';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { resolveViewer, type Viewer } from '@/features/auth/server/resolve-viewer';

/**
 * The one way server code learns who is asking: the viewer of this request on the route's site, looked up once per
 * render however many components ask. Reading the cookie makes the calling page dynamic (never cached).
 */
export const getViewer = cache(async (hostParam: string): Promise<Viewer | null> => {
  const site = await getSite(hostParam);
  if (!site) return null;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return resolveViewer({ db: await getDb(), identity: firebaseIdentity }, site, token);
});

/**
 * The viewer for reading a page: as getViewer, but a session due for its periodic check is checked beside the page
 * instead of before it (a refused one is ended for the next request). Never for a change: use getViewer.
 */
export const getReader = cache(async (hostParam: string): Promise<Viewer | null> => {
  const site = await getSite(hostParam);
  if (!site) return null;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return resolveViewer({ db: await getDb(), identity: firebaseIdentity }, site, token, new Date(), {
    wait: false,
  });
});

/** For member pages: the viewer, or a redirect to sign-in that comes back to `returnTo` afterwards. */
export async function requireViewer(hostParam: string, returnTo: string): Promise<Viewer> {
  return (await getReader(hostParam)) ?? redirect(paths.signIn(returnTo));
}
