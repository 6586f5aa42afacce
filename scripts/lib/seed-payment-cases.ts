import { addDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { complimentaryGrants, members } from '@/server/db/schema';
import type { SandboxProvider } from '@/server/payments/sandbox';
import type { Site } from '@/features/site';
import { ensureMember, findMember, joinMember } from '@/features/membership/server';
import { applyToPresale } from '@/features/presale/server';
import type { DemoUser } from './seed-auth';

/**
 * The demo's payments that need someone (docs/decisions/0047): on mio, a fan (demo/users.json's `authenticating`) whose card asks for 3-D Secure at the
 * drawn presale's results time (their win waits on My page for authentication), and a chargeback of the expired
 * member's last card month (the owner's 売上 and the member's console page show it). Idempotent.
 */

/** Stripe's "always authenticate" test card: every off-session charge asks for 3-D Secure. */
const ALWAYS_AUTHENTICATE = { number: '4000002760003184', expMonth: 12, expYear: 2035, cvc: '123' };

/** Before the drawn presale's close: the fan joins (a grant keeps them premium) and applies by card for one seat. */
export async function seedAuthenticatingFan(
  db: Db,
  sandbox: SandboxProvider,
  site: Site,
  fan: DemoUser,
  presaleId: string,
  offeringId: string,
  appliedAt: Date,
): Promise<void> {
  const existing = await findMember(db, site.id, fan.uid);
  if (existing?.memberNumber) return;
  const member = await ensureMember(db, site.id, fan.uid, fan.email);
  await joinMember(db, member.id, addDays(appliedAt, -60));
  await db.insert(complimentaryGrants).values({
    siteId: site.id,
    memberId: member.id,
    endsAt: addDays(appliedAt, 400),
    grantedBy: 'demo',
  });
  const customerId = await sandbox.createCustomer({
    siteId: site.id,
    memberId: member.id,
    email: member.email,
  });
  await sandbox.changeCard({ customerId, subscriptionId: null, card: ALWAYS_AUTHENTICATE });
  await db
    .update(members)
    .set({ billingCustomerId: customerId, nickname: '認証待ち', familyName: '本人', givenName: '認証' })
    .where(eq(members.id, member.id));
  const joined = (await findMember(db, site.id, fan.uid))!;
  await applyToPresale(
    db,
    site.id,
    joined,
    presaleId,
    { choices: [offeringId], tickets: 1, companions: [], paymentMethod: 'card' },
    appliedAt,
  );
}

/** The expired member's newest card month, disputed by the card holder (once, whatever the number of starts). */
export async function seedDemoDispute(
  db: Db,
  sandbox: SandboxProvider,
  site: Site,
  users: DemoUser[],
): Promise<void> {
  const expired = users.find((user) => user.role === 'expired');
  if (!expired) return;
  const [member] = await db
    .select({ customerId: members.billingCustomerId })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.uid, expired.uid)));
  if (!member?.customerId) return;
  const [latest] = (await sandbox.listPayments(member.customerId)).filter((p) => p.status === 'paid');
  if (latest) await sandbox.openDispute({ paymentId: latest.id, reason: 'subscription_canceled' });
}
