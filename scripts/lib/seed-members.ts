import { addMonths, addYears, subDays, subMonths, subYears } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  members,
  plans,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
  subscriptions,
} from '@/server/db/schema';
import type { Site } from '@/features/site';
import { ensureMember, joinMember } from '@/features/membership/server';
import { currentVersions } from '@/features/consent/server';
import type { DemoUser } from './seed-auth';
import { seedKonbiniMonths } from './seed-sales';

const MEMBER_ROLES = new Set(['premium', 'guest', 'expired', 'resale']);

const DETAILS = {
  familyName: '佐藤',
  givenName: '花子',
  familyNameKana: 'サトウ',
  givenNameKana: 'ハナコ',
  birthday: '1998-04-01',
  phone: '09012345678',
  postalCode: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-1',
  building: null,
};

const RESALE_NAME = {
  familyName: '鈴木',
  givenName: '陽向',
  familyNameKana: 'スズキ',
  givenNameKana: 'ヒナタ',
};

/**
 * The demo accounts' memberships, on the sandbox: the premium account has joined with the monthly plan and a test
 * card (so has the resale account, who waits for a returned ticket); the guest account has filled in its details but not chosen a plan; the expired account left and its paid
 * period is over. Idempotent.
 */
export async function seedDemoMembers(
  db: Db,
  sites: Site[],
  users: Record<string, DemoUser[]>,
): Promise<void> {
  for (const site of sites) {
    for (const user of users[site.slug] ?? []) {
      if (!MEMBER_ROLES.has(user.role)) continue;
      const member = await ensureMember(db, site.id, user.uid, user.email);
      if (member.nickname === null) {
        await db
          .update(members)
          // The resale member has a name of their own: a ticket bought on resale shows the buyer's name (issue 41).
          .set({ ...DETAILS, ...(user.role === 'resale' ? RESALE_NAME : {}), nickname: user.displayName })
          .where(eq(members.id, member.id));
      }
      // They agreed to the terms at sign-up; a version staff publish later is asked for like anyone's.
      if (member.consentedAt === null) {
        const current = await currentVersions(db, site);
        await db
          .update(members)
          .set({
            termsVersion: current.terms?.version ?? null,
            privacyVersion: current.privacy?.version ?? null,
            consentedAt: new Date(),
          })
          .where(eq(members.id, member.id));
      }
      if (user.role === 'premium' || user.role === 'resale') {
        await seedPaidMembership(db, site, member.id, 'active');
      }
      if (user.role === 'expired') await seedPaidMembership(db, site, member.id, 'ended');
    }
  }
}

/**
 * 'ended': a member who joined paying at the konbini, took a card after three months, left, and whose paid period
 * ran out ten days ago: a guest again. Each card month has its sandbox invoice and each konbini month its voucher,
 * as the sandbox writes them, so the staff console shows a payment history and 売上 several months.
 */
async function seedPaidMembership(
  db: Db,
  site: Site,
  memberId: string,
  state: 'active' | 'ended',
): Promise<void> {
  const existing = await db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId));
  if (existing.length > 0) return;
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.siteId, site.id), eq(plans.code, 'monthly')));
  if (!plan) return;
  const customerId = `cus_sb_demo_${memberId.slice(0, 8)}`;
  const subscriptionId = `sub_sb_demo_${memberId.slice(0, 8)}`;
  const periodEnd = state === 'active' ? addMonths(new Date(), 1) : subDays(new Date(), 10);
  const status = state === 'active' ? 'active' : 'canceled';
  await db.transaction(async (tx) => {
    await tx.insert(sandboxCustomers).values({
      id: customerId,
      siteId: site.id,
      memberId,
      cardBrand: 'Visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2034,
    });
    await tx.insert(sandboxSubscriptions).values({
      id: subscriptionId,
      customerId,
      siteId: site.id,
      memberId,
      planId: plan.id,
      interval: plan.interval,
      status,
      currentPeriodEnd: periodEnd,
    });
    const cardFrom = state === 'active' ? new Date() : subMonths(periodEnd, 2);
    const joinedAt =
      state === 'active' ? cardFrom : await seedKonbiniMonths(tx, site.id, memberId, plan, cardFrom);
    for (let start = cardFrom; start < periodEnd; start = addMonths(start, 1)) {
      await tx.insert(sandboxInvoices).values({
        id: `in_sb_demo_${memberId.slice(0, 8)}_${start.getTime()}`,
        customerId,
        subscriptionId,
        amountYen: plan.priceYen,
        status: 'paid',
        periodStart: start,
        periodEnd: addMonths(start, 1),
        createdAt: start,
      });
    }
    await tx
      .update(members)
      .set({ chosenPlanId: plan.id, billingCustomerId: customerId })
      .where(eq(members.id, memberId));
    await tx.insert(subscriptions).values({
      siteId: site.id,
      memberId,
      planId: plan.id,
      provider: 'sandbox',
      providerSubscriptionId: subscriptionId,
      status,
      currentPeriodEnd: periodEnd,
      canceledAt: state === 'ended' ? subDays(periodEnd, 20) : null,
      paidFrom: cardFrom,
    });
    const earlier =
      state === 'active' ? await seedEarlierYears(tx, site, memberId, customerId, cardFrom) : null;
    await joinMember(tx, memberId, earlier ?? joinedAt);
  });
}

/** The demo premium members' years before their monthly card: mio's 3, second's 5 (several tenures, issue 43). */
const EARLIER_YEARS: Record<string, number> = { mio: 3, second: 5 };
/** Days between the end of the earlier yearly card and the monthly one: a renewal within every site's grace. */
const RENEWAL_GAP_DAYS = 5;

/**
 * A yearly card subscription the premium member had for some years, ended a few days before the monthly one began:
 * within the site's grace, so 会員歴 counts from its first day and the card shows a mark. Its yearly invoices are all
 * older than a year (the sales page's months are unchanged). Answers where it began.
 */
async function seedEarlierYears(
  tx: Db,
  site: Site,
  memberId: string,
  customerId: string,
  cardFrom: Date,
): Promise<Date | null> {
  const years = EARLIER_YEARS[site.slug] ?? 0;
  const [yearly] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.siteId, site.id), eq(plans.code, 'yearly')));
  if (!yearly || years === 0) return null;
  const end = subDays(cardFrom, RENEWAL_GAP_DAYS);
  const start = subYears(end, years);
  const subscriptionId = `sub_sb_demo_${memberId.slice(0, 8)}_yearly`;
  await tx.insert(sandboxSubscriptions).values({
    id: subscriptionId,
    customerId,
    siteId: site.id,
    memberId,
    planId: yearly.id,
    interval: 'year',
    status: 'canceled',
    currentPeriodEnd: end,
    canceledAt: subDays(end, 30),
  });
  for (let year = 0; year < years; year++) {
    const from = addYears(start, year);
    await tx.insert(sandboxInvoices).values({
      id: `in_sb_demo_${memberId.slice(0, 8)}_${from.getTime()}`,
      customerId,
      subscriptionId,
      amountYen: yearly.priceYen,
      status: 'paid',
      periodStart: from,
      periodEnd: addYears(from, 1),
      createdAt: from,
    });
  }
  await tx.insert(subscriptions).values({
    siteId: site.id,
    memberId,
    planId: yearly.id,
    provider: 'sandbox',
    providerSubscriptionId: subscriptionId,
    status: 'canceled',
    currentPeriodEnd: end,
    canceledAt: subDays(end, 30),
    paidFrom: start,
    createdAt: start,
  });
  return start;
}
