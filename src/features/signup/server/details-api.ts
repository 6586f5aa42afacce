import 'server-only';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { DETAIL_PARTS, isPartOf } from '@/features/signup/server/form-parts';

/** POST /api/mypage/[part]: a member corrects their nickname, profile or address on My page. */
export const saveMemberDetails = memberPost<{ host: string; part: string }>(
  async ({ params, site, viewer, db, body }) => {
    const member = await findMember(db, site.id, viewer.uid);
    // As the pages (requireJoinedMember): only a member who has joined; before that the sign-up steps save, in order.
    if (!member?.memberNumber) throw new AppError('STEP_ORDER', '入会手続きを先に完了してください。');
    if (!isPartOf(DETAIL_PARTS, params.part)) throw new AppError('NOT_FOUND');
    const parsed = DETAIL_PARTS[params.part](body);
    if ('issues' in parsed) return jsonInvalid(parsed.issues);
    await parsed.save(db, site.id, member.id);
    return jsonOk({ saved: true });
  },
);
