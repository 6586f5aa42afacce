import 'server-only';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { findMember } from '@/features/membership/server/members';
import { memberPost } from '@/features/membership/server/member-api';
import { saveAddress, saveNickname, saveProfile } from '@/features/membership/server/profile';
import { addressSchema, nicknameSchema, profileSchema } from '@/features/signup/schemas';

/** POST /api/mypage/[part]: a member corrects their nickname, profile or address on My page. */
export const saveMemberDetails = memberPost<{ host: string; part: string }>(
  async ({ params, site, viewer, db, body }) => {
    const member = await findMember(db, site.id, viewer.uid);
    // As the pages (requireJoinedMember): only a member who has joined; before that the sign-up steps save, in order.
    if (!member?.memberNumber) throw new AppError('STEP_ORDER', '入会手続きを先に完了してください。');
    switch (params.part) {
      case 'nickname': {
        const parsed = nicknameSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        await saveNickname(db, member.id, parsed.data);
        break;
      }
      case 'profile': {
        const parsed = profileSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        await saveProfile(db, member.id, parsed.data);
        break;
      }
      case 'address': {
        const parsed = addressSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        await saveAddress(db, member.id, parsed.data);
        break;
      }
      default:
        throw new AppError('NOT_FOUND');
    }
    return jsonOk({ saved: true });
  },
);
