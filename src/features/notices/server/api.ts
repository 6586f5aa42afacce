import 'server-only';
import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { requestAddress } from '@/server/http/client-address';
import { jsonError, jsonFromError, jsonInvalid, jsonOk } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { staffApi } from '@/features/staff/app';
import { announcementSchema, preferencesSchema } from '@/features/notices/schemas';
import { sendAnnouncement } from './announce';
import { retryDelivery } from './deliveries';
import { savePreferences, unsubscribeMember } from './preferences';
import { readUnsubscribeToken } from './unsubscribe-token';

/** POST /api/notices/preferences: the member's choice of optional mails. */
export const savePreferencesApi = memberPost<{ host: string }>(async ({ site, viewer, db, body }) => {
  const member = await findMember(db, site.id, viewer.uid);
  if (!member?.memberNumber) throw new AppError('STEP_ORDER', '入会手続きを先に完了してください。');
  const parsed = preferencesSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  await savePreferences(db, member.id, parsed.data);
  return jsonOk({ saved: true });
});

const INVALID_TOKEN = '配信停止のリンクが正しくありません。メールに記載のリンクをそのまま開いてください。';

/**
 * POST /api/unsubscribe?token=…: the one-click unsubscribe (RFC 8058), signed out: mail providers POST it
 * without cookies or Origin, so the signed token is the whole authority, and it can do one thing only. A forged
 * token, or one of another site's member, is a 400 in Japanese and changes nothing.
 */
export async function unsubscribeApi(
  request: NextRequest,
  context: { params: Promise<{ host: string }> },
): Promise<Response> {
  try {
    const site = await getSite((await context.params).host);
    if (!site) return jsonError('NOT_FOUND');
    const db = await getDb();
    await consumeRateLimit(db, 'unsubscribe:address', requestAddress(request));
    const named = readUnsubscribeToken(request.nextUrl.searchParams.get('token') ?? '');
    if (!named || !(await unsubscribeMember(db, site.id, named.memberId, named.topic))) {
      return jsonError('BAD_REQUEST', INVALID_TOKEN);
    }
    return jsonOk({ unsubscribed: named.topic });
  } catch (error) {
    return jsonFromError(error);
  }
}

/** POST /api/staff/announcements: one announcement to this site's members, queued in this request. */
export const announceApi = staffApi<{ host: string }>('announcements:send', async ({ db, actor, body }) => {
  const parsed = announcementSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  return jsonOk(await sendAnnouncement(db, actor, parsed.data), { status: 201 });
});

/** POST /api/staff/deliveries/[id]/retry: a failed mail back in the queue. */
export const retryDeliveryApi = staffApi<{ host: string; id: string }>(
  'deliveries:manage',
  async ({ db, actor, params }) => {
    await retryDelivery(db, actor, params.id);
    return jsonOk({ queued: true });
  },
);
