import 'server-only';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { isSameOrigin } from '@/server/http/origin';
import { jsonError, jsonFromError, readJson } from '@/server/http/responses';
import type { Site } from '@/features/site';
import type { Viewer } from '@/features/auth';
import { firebaseIdentity, resolveFreshViewer, sessionTokenOf } from '@/features/auth/server';
import { isTimeoutError, withTimeout } from '@/lib/timeout';
import { findMember, type Member } from './members';
import { viewerAndMember } from './session-member';

/**
 * The longest a member waits for an answer (issue 18): a request caught by a database outage would otherwise wait in
 * the pool's queue for as long as the pool keeps reconnecting. Past it the member gets the Japanese 503 and may press
 * again; what the request was doing goes on and stays exactly-once (a payment resumes its attempt: decision 0018).
 */
export const MEMBER_REQUEST_DEADLINE_MS = 10_000;

export interface MemberRequest<P> {
  request: Request;
  params: P;
  site: Site;
  viewer: Viewer;
  db: Db;
  /** The JSON body; undefined when missing or not JSON (the handler's schema then refuses it). */
  body: unknown;
  /** The viewer's member row (null before their first sign-up step): read with the session, or when first asked. */
  member: () => Promise<Member | null>;
}

export interface MemberPostOptions {
  /**
   * Ask the identity provider about the account now, not within the last few minutes: for what costs money or
   * moves a ticket. A disabled account is refused (403) and its sessions end; a provider out of reach is a 503.
   */
  fresh?: boolean;
}

/**
 * The frame of every state-changing member API: same-origin POST only, a signed-in viewer of this site, a bounded
 * JSON body, and every failure answered with the catalogue's status and Japanese message (never a bare 500). Plain
 * Node: Next.js's route handlers call it through `memberPost`, the front server's direct routes (decision 0034) as is.
 */
export function memberAnswer<P>(
  handler: (input: MemberRequest<P>) => Promise<Response>,
  options: MemberPostOptions = {},
) {
  async function answer(request: Request, site: Site | null, params: P): Promise<Response> {
    if (!isSameOrigin(request)) return jsonError('CROSS_SITE');
    if (!site) return jsonError('NOT_FOUND');
    const db = await getDb();
    const token = sessionTokenOf(request.headers.get('cookie')) ?? undefined;
    let viewer: Viewer | null;
    let member: () => Promise<Member | null>;
    if (options.fresh) {
      const verdict = await resolveFreshViewer({ db, identity: firebaseIdentity }, site, token);
      if ('refused' in verdict) return jsonError(verdict.refused);
      viewer = verdict.viewer;
      const uid = viewer?.uid ?? '';
      member = () => findMember(db, site.id, uid);
    } else {
      // The session and its member in one round trip (most handlers need the member).
      const found = await viewerAndMember(db, site, token);
      viewer = found?.viewer ?? null;
      member = async () => found?.member ?? null;
    }
    if (!viewer) return jsonError('UNAUTHENTICATED');
    const body = await readJson(request);
    return await handler({ request, params, site, viewer, db, body, member });
  }
  return async (request: Request, site: Site | null, params: P): Promise<Response> => {
    const work = answer(request, site, params);
    try {
      return await withTimeout(work, MEMBER_REQUEST_DEADLINE_MS, 'member request');
    } catch (error) {
      if (isTimeoutError(error) && error.label === 'member request') {
        // Its outcome is nobody's now, but a late failure must not surface as an unhandled rejection.
        work.catch(() => {});
        return jsonError('UNAVAILABLE');
      }
      return jsonFromError(error);
    }
  };
}
