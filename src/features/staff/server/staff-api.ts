import 'server-only';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import { isSameOrigin } from '@/server/http/origin';
import { jsonError, jsonFromError, readJson } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import type { Site } from '@/features/site';
import { getViewer } from '@/features/auth/app';
import { can, type Permission } from '@/features/staff/roles';
import { findStaffActor, type StaffActor } from '@/features/staff/server/actor';

/** `Sec-Fetch-Site` as browsers send it; absent from non-browser clients, which carry no victim's cookie. */
function isCrossSiteFetch(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

export interface StaffRequest<P> {
  request: NextRequest;
  params: P;
  site: Site;
  actor: StaffActor;
  /** The staff session's stored hash: names the device a request comes from (the door's last sync). */
  sessionHash: string;
  db: Db;
  /** The JSON body of a state-changing request (undefined when missing or not JSON); undefined for GET. */
  body: unknown;
}

export interface StaffApiOptions {
  /** 'json' (default) reads a JSON body of at most `maxJsonBytes`; 'stream' leaves the body to the handler (uploads). */
  body?: 'json' | 'stream';
  maxJsonBytes?: number;
}

/**
 * The frame of every staff API: a signed-in user of this site (401) with a staff role on it that grants the
 * permission (403, nothing read); state changes only from this origin; every failure answered with the catalogue's
 * status and Japanese message. The data functions the handler calls check the permission again.
 */
export function staffApi<P extends { host: string }>(
  permission: Permission,
  handler: (input: StaffRequest<P>) => Promise<Response>,
  options: StaffApiOptions = {},
) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const changes = request.method !== 'GET' && request.method !== 'HEAD';
      if (changes && !isSameOrigin(request)) return jsonError('CROSS_SITE');
      // Reads too (the CSV export of members, audited) are only for the console's own pages: a browser marks a
      // request another site started, even a plain link, and it is refused before anything is read or written.
      if (!changes && isCrossSiteFetch(request)) return jsonError('CROSS_SITE');
      const params = await context.params;
      const site = await getSite(params.host);
      if (!site) return jsonError('NOT_FOUND');
      const viewer = await getViewer(params.host);
      if (!viewer) return jsonError('UNAUTHENTICATED');
      const db = await getDb();
      const actor = await findStaffActor(db, site.id, viewer.uid);
      if (!actor || !can(actor.role, permission)) return jsonError('FORBIDDEN');
      if (changes) await consumeRateLimit(db, 'staff-write:account', `${site.id}:${actor.uid}`);
      const body =
        changes && options.body !== 'stream' ? await readJson(request, options.maxJsonBytes) : undefined;
      return await handler({ request, params, site, actor, sessionHash: viewer.sessionHash, db, body });
    } catch (error) {
      return jsonFromError(error);
    }
  };
}
