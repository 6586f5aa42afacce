import 'server-only';
import { subDays } from 'date-fns';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { subscriptions } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import { memberStatus, type Member } from '@/features/membership/server';
import { isPremiumSubscription } from '@/features/membership';

/** A konbini period does not renew by itself: from this many days before its end, My page asks for the next one. */
export const RENEWAL_NOTICE_DAYS = 14;

export interface KonbiniRenewal {
  /** The end of the konbini period running now (the last one paid), if any. */
  endsAt: Date | null;
  /** When paying the next period opens. */
  opensAt: Date | null;
  /** Whether a voucher may be issued now: not a member, or in the last days of a konbini period. */
  mayPay: boolean;
}

export async function konbiniRenewal(
  db: Db,
  provider: Pick<PaymentProvider, 'now'>,
  member: Member,
): Promise<KonbiniRenewal> {
  const now = await provider.now(member.siteId);
  if ((await memberStatus(db, member.id, now)) !== 'premium')
    return { endsAt: null, opensAt: null, mayPay: true };
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, member.id))
    .orderBy(desc(subscriptions.currentPeriodEnd));
  const running = rows.filter((row) => isPremiumSubscription(row, now));
  // A card that renews by itself, or premium from staff only: nothing to pay at a konbini.
  const konbini = running.find((row) => row.method === 'konbini');
  if (!konbini?.currentPeriodEnd || running.some((row) => row.method === 'card')) {
    return { endsAt: null, opensAt: null, mayPay: false };
  }
  const opensAt = subDays(konbini.currentPeriodEnd, RENEWAL_NOTICE_DAYS);
  return { endsAt: konbini.currentPeriodEnd, opensAt, mayPay: now >= opensAt };
}
