import 'server-only';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import type { Db } from '@/server/db/client';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import type { Site } from '@/features/site';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { staffApi } from '@/features/staff/app';
import { contactSchema, replySchema } from '@/features/support/schemas';
import { openThread, replyAsMember, replyAsStaff } from './threads';

type ThreadParams = { host: string; id: string };

/** The fan asking: a joined member of a site whose contact form is on, within the per-account limit. */
async function askingMember(db: Db, site: Site, uid: string) {
  if (!site.config.CONTACT_FORM.enabled) {
    throw new AppError('NOT_FOUND', 'このサイトではお問い合わせフォームを受け付けていません。');
  }
  const member = await findMember(db, site.id, uid);
  if (!member?.memberNumber) {
    throw new AppError('FORBIDDEN', '会員登録を完了してからお問い合わせください。');
  }
  await consumeRateLimit(db, 'support:account', `${site.id}:${uid}`);
  return member;
}

/** POST /api/mypage/contact: a fan's new question (decision 0053). */
export const postContact = memberPost<{ host: string }>(async ({ site, viewer, db, body }) => {
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const member = await askingMember(db, site, viewer.uid);
  return jsonOk(await openThread(db, member, parsed.data));
});

/** POST /api/mypage/contact/[id]: the fan answers in their thread. */
export const postMemberReply = memberPost<ThreadParams>(async ({ params, site, viewer, db, body }) => {
  if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
  const parsed = replySchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const member = await askingMember(db, site, viewer.uid);
  await replyAsMember(db, member, params.id, parsed.data.body);
  return jsonOk({ id: params.id });
});

/** POST /api/staff/support/[id]: staff answer a fan's question (owner, support). */
export const postStaffReply = staffApi<ThreadParams>(
  'support:answer',
  async ({ params, actor, db, body }) => {
    if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
    const parsed = replySchema.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    await replyAsStaff(db, actor, params.id, parsed.data.body);
    return jsonOk({ id: params.id });
  },
);
