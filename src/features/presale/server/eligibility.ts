import 'server-only';
import type { Db } from '@/server/db/client';
import type { Member } from '@/features/membership';
import type { UserStatus } from '@/features/site';
import { memberStatus } from '@/features/membership/server';
import type { Presale } from './setup';

export type Eligibility = { ok: true } | { ok: false; reason: string };

const PREMIUM_ONLY = 'プレミアム会員の方だけがお申し込みいただけます。';

/** The rule itself, on a member whose status is known (the draw reads every applicant's status in one query). */
export function eligibilityOf(
  presale: Pick<Presale, 'joinedBefore'>,
  member: Pick<Member, 'memberNumber' | 'joinedAt'>,
  status: UserStatus,
): Eligibility {
  if (member.memberNumber === null || !member.joinedAt) return { ok: false, reason: PREMIUM_ONLY };
  if (status !== 'premium') {
    return { ok: false, reason: `${PREMIUM_ONLY}会員期間をご確認ください。` };
  }
  if (member.joinedAt >= presale.joinedBefore) {
    return { ok: false, reason: '入会締切より後にご入会の方は、この先行受付の対象外です。' };
  }
  return { ok: true };
}

/**
 * Who may take part (apply, or accept as a companion): a premium member of the site whose membership began before
 * the presale's cutoff. The same rule runs again at the draw, where a member no longer premium is voided.
 */
export async function eligibility(
  db: Db,
  presale: Pick<Presale, 'joinedBefore'>,
  member: Member | null,
  now: Date,
): Promise<Eligibility> {
  if (!member || member.memberNumber === null || !member.joinedAt) return { ok: false, reason: PREMIUM_ONLY };
  return eligibilityOf(presale, member, await memberStatus(db, member.id, now));
}
