import 'server-only';
import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError, jsonOk } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { getViewer } from '@/features/auth/app';
import { findMember } from '@/features/membership/server';
import { offlineCodes } from './offline-codes';

/** GET /api/tickets/codes/day: the day's codes signed ahead for a phone with no signal (decision 0054); never cached. */
export async function getOfflineCodes(_request: NextRequest, context: { params: Promise<{ host: string }> }) {
  try {
    const params = await context.params;
    const site = await getSite(params.host);
    if (!site) return jsonError('NOT_FOUND');
    const viewer = await getViewer(params.host);
    if (!viewer) return jsonError('UNAUTHENTICATED');
    const db = await getDb();
    const member = await findMember(db, site.id, viewer.uid);
    if (!member?.memberNumber) return jsonError('FORBIDDEN', '会員の方だけがご利用いただけます。');
    return jsonOk(await offlineCodes(db, site.id, member));
  } catch (error) {
    return jsonFromError(error);
  }
}
