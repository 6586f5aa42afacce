import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import type { PaymentProvider } from '@/server/payments/types';
import type { Member } from '@/features/membership';

/** The member's customer at the provider; the provider gives one member the same customer however often asked. */
export async function ensureCustomer(
  db: Db,
  provider: PaymentProvider,
  member: Member,
  email: string | null,
) {
  if (member.billingCustomerId) return member.billingCustomerId;
  const customerId = await provider.createCustomer({ siteId: member.siteId, memberId: member.id, email });
  await db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
  return customerId;
}
