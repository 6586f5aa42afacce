import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  complimentaryGrants,
  contentItems,
  members,
  notices,
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
  resaleListings,
  resaleMatches,
  resaleRounds,
  resaleWaits,
  sandboxCharges,
  sandboxKonbiniPayments,
  sandboxRefunds,
  tickets,
} from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { handleBillingEvent } from '@/features/billing/server';
import { presaleSetupSchema } from '@/features/presale';
import { cancelPresaleEvent, finishCancellation, savePresale } from '@/features/presale/server';
import {
  acceptTicket,
  checkIn,
  codeBatch,
  issuePresaleTickets,
  myETickets,
  offerTicket,
} from '@/features/tickets/server';
import { listTickets, withdrawListing } from './listing';
import { joinWait } from './waits';
import { latestSlot, runRound } from './match';
import { lapseDueMatches, payMatch } from './settle';
import { runResaleJobs } from './jobs';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let provider: SandboxProvider;
const GOOD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
// The shows are on 2027-02-01 and 02 (JST 18:00); tickets were issued on 2026-12-20.
const NOW = new Date('2027-01-10T03:00:00Z');
const SLOT = new Date('2027-01-10T03:00:00Z'); // 12:00 JST

let counter = 0;
async function fan(card = true): Promise<Member> {
  counter += 1;
  const uid = `r-${counter}`;
  const member = await ensureMember(handle.db, mio.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: mio.id,
    memberId: member.id,
    endsAt: new Date('2028-01-01T00:00:00Z'),
    grantedBy: 'test',
  });
  await handle.db
    .update(members)
    .set({ familyName: '山田', givenName: uid })
    .where(eq(members.id, member.id));
  if (card) {
    const customerId = await provider.createCustomer({ siteId: mio.id, memberId: member.id, email: null });
    await provider.changeCard({ customerId, subscriptionId: null, card: GOOD });
    await handle.db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
  }
  return (await ensureMember(handle.db, mio.id, uid))!;
}

/** A presale with resale on (deadline 2027-01-30), paid wins of `sellers` (2 tickets each, a companion each), issued. */
async function resalePresale(sellers: Member[], rule: 'single' | 'pair' = 'single', feeYen = 0) {
  const actor = {
    siteId: mio.id,
    uid: 'editor',
    email: 'e@example.com',
    displayName: '編集',
    role: 'editor' as const,
  };
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'RESALE LIVE', state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: '2027-02-01T18:00',
        doorsAt: '2027-02-01T17:00',
        venue: 'Zepp Haneda',
        offerings: [{ seatType: '指定席', capacity: 500, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 1,
    opensAt: '2026-12-01T10:00',
    closesAt: '2026-12-08T23:59',
    resultsAt: '2026-12-10T12:00',
    joinedBefore: '2026-11-30T23:59',
    companionRule: 'member',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, actor, item!.id, setup, new Date('2026-11-30T00:00:00Z'));
  const [offering] = await handle.db
    .select({ id: presaleOfferings.id, performanceId: presaleOfferings.performanceId })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .where(eq(presaleOfferings.presaleId, presale.id));
  for (const [index, seller] of sellers.entries()) {
    const companion = await fan(false);
    const [application] = await handle.db
      .insert(presaleApplications)
      .values({
        presaleId: presale.id,
        memberId: seller.id,
        receiptNo: `S${index}-0000`,
        tickets: 2,
        status: 'paid',
        wonOfferingId: offering!.id,
        wonRank: 1,
        paidAt: new Date('2026-12-10T03:00:00Z'),
      })
      .returning();
    await handle.db.insert(presaleParticipants).values([
      { presaleId: presale.id, memberId: seller.id, applicationId: application!.id, role: 'applicant' },
      {
        presaleId: presale.id,
        memberId: companion.id,
        applicationId: application!.id,
        role: 'companion',
        companionStatus: 'accepted',
      },
    ]);
    await handle.db.insert(oneOffPayments).values({
      siteId: mio.id,
      memberId: seller.id,
      purpose: 'presale',
      method: 'card',
      provider: 'sandbox',
      amountYen: 17600,
      status: 'paid',
      providerPaymentId: `ch_seller_${presale.id.slice(0, 8)}_${index}`,
      presaleApplicationId: application!.id,
      paidAt: new Date('2026-12-10T03:00:00Z'),
    });
  }
  await handle.db
    .update(presales)
    .set({
      ticketsIssueAt: new Date('2026-12-20T03:00:00Z'),
      seatsRevealAt: new Date('2026-12-20T03:00:00Z'),
      resaleUntil: new Date('2027-01-30T03:00:00Z'),
      resalePairRule: rule,
      resaleFeeYen: feeYen,
      // Drawn: the resale's rounds link their records to this one (the second-round engine).
      recordFile: '{"test":"first record"}',
    })
    .where(eq(presales.id, presale.id));
  await issuePresaleTickets(handle.db, presale.id, new Date('2026-12-20T03:00:00Z'));
  const ticketsOf = (member: Member) =>
    handle.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.presaleId, presale.id), eq(tickets.holderMemberId, member.id)))
      .orderBy(tickets.seq);
  return {
    presaleId: presale.id,
    offeringId: offering!.id,
    performanceId: offering!.performanceId,
    ticketsOf,
  };
}

async function memberUid(id: string): Promise<string> {
  const [row] = await handle.db.select({ uid: members.uid }).from(members).where(eq(members.id, id));
  return row!.uid;
}

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
});
afterAll(async () => handle?.drop());

describe('公式リセール: listing', () => {
  it('lists only a paid ticket the member holds, at face value, before the deadline, once; withdraws until matched', async () => {
    const seller = await fan();
    const other = await fan();
    const { presaleId, ticketsOf } = await resalePresale([seller], 'single', 440);
    const [mine, second] = await ticketsOf(seller);
    await expect(listTickets(handle.db, other, presaleId, [mine!.id], NOW)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      listTickets(handle.db, seller, presaleId, [mine!.id], new Date('2027-01-30T03:00:00Z')),
    ).rejects.toMatchObject({ status: 409 });
    await expect(listTickets(handle.db, seller, presaleId, [], NOW)).rejects.toMatchObject({ status: 422 });
    // A double click: one listing.
    const both = await Promise.allSettled([
      listTickets(handle.db, seller, presaleId, [mine!.id], NOW),
      listTickets(handle.db, seller, presaleId, [mine!.id], NOW),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const listed = await handle.db.select().from(resaleListings).where(eq(resaleListings.ticketId, mine!.id));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ faceValueYen: 8800, feeYen: 440, status: 'listed' });
    const done = both.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ refundYen: number }>;
    expect(done.value.refundYen).toBe(8360);
    await withdrawListing(handle.db, seller, listed[0]!.id, NOW);
    await withdrawListing(handle.db, seller, listed[0]!.id, NOW);
    await expect(withdrawListing(handle.db, other, listed[0]!.id, NOW)).rejects.toMatchObject({
      status: 404,
    });
    // Listed again, matched in a round: no longer withdrawn.
    const again = await listTickets(handle.db, seller, presaleId, [second!.id], NOW);
    const buyer = await fan();
    await joinWait(
      handle.db,
      buyer,
      { offeringId: listed[0]!.offeringId, tickets: 1, paymentMethod: 'card' },
      NOW,
    );
    await runRound(handle.db, presaleId, SLOT, NOW);
    await expect(withdrawListing(handle.db, seller, again.listingIds[0]!, NOW)).rejects.toMatchObject({
      status: 409,
    });
  });

  it('keeps an application’s tickets together under the pair rule, and refuses a ticket held through 分配', async () => {
    const seller = await fan();
    const { presaleId, ticketsOf } = await resalePresale([seller], 'pair');
    const [one, two] = await ticketsOf(seller);
    await expect(listTickets(handle.db, seller, presaleId, [one!.id], NOW)).rejects.toMatchObject({
      status: 422,
    });
    const { listingIds } = await listTickets(handle.db, seller, presaleId, [one!.id, two!.id], NOW);
    expect(listingIds).toHaveLength(2);
    // A companion who accepted a ticket (分配) did not pay for it: the refund would not be theirs.
    const other = await fan();
    const second = await resalePresale([other]);
    const [, handed] = await second.ticketsOf(other);
    const [companion] = await handle.db
      .select({ memberId: presaleParticipants.memberId })
      .from(presaleParticipants)
      .where(
        and(eq(presaleParticipants.presaleId, second.presaleId), eq(presaleParticipants.role, 'companion')),
      );
    await handle.db
      .update(tickets)
      .set({ holderMemberId: companion!.memberId })
      .where(eq(tickets.id, handed!.id));
    const holder = (await ensureMember(handle.db, mio.id, await memberUid(companion!.memberId)))!;
    await expect(listTickets(handle.db, holder, second.presaleId, [handed!.id], NOW)).rejects.toMatchObject({
      status: 403,
    });
  });
});

/** The accepted companion of the seller's application in a presale made by resalePresale (one seller). */
async function companionOf(presaleId: string): Promise<Member> {
  const [row] = await handle.db
    .select({ memberId: presaleParticipants.memberId })
    .from(presaleParticipants)
    .where(and(eq(presaleParticipants.presaleId, presaleId), eq(presaleParticipants.role, 'companion')));
  return (await ensureMember(handle.db, mio.id, await memberUid(row!.memberId)))!;
}

/** One member waits for the offering, a round matches them and they pay by card: the seat moves if it can. */
async function matchAndPay(presaleId: string, offeringId: string): Promise<Member> {
  const buyer = await fan();
  await joinWait(handle.db, buyer, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
  await runRound(handle.db, presaleId, SLOT, NOW);
  const [match] = await handle.db.select().from(resaleMatches).where(eq(resaleMatches.presaleId, presaleId));
  await payMatch(handle.db, provider, buyer, match!.id, NOW);
  return buyer;
}

describe('公式リセール and 分配 exclude each other (a listed ticket must still be the seller’s when its buyer pays)', () => {
  it('refuses to offer a ticket to a companion while it is listed or matched, and says so on the e-ticket', async () => {
    const seller = await fan();
    const { presaleId, offeringId, ticketsOf } = await resalePresale([seller]);
    const companion = await companionOf(presaleId);
    const [mine, second] = await ticketsOf(seller);
    const { listingIds } = await listTickets(handle.db, seller, presaleId, [mine!.id], NOW);
    await expect(
      offerTicket(handle.db, mio.id, seller.id, mine!.id, companion.id, NOW),
    ).rejects.toMatchObject({
      status: 409,
      message: 'リセールに出品中のチケットは分配できません。出品を取り消してからお試しください。',
    });
    const view = await myETickets(handle.db, mio.id, seller.id, NOW);
    expect(view.map((t) => [t.id, t.resale])).toEqual([
      [mine!.id, 'listed'],
      [second!.id, null],
    ]);
    // The application's other ticket, not listed, can be handed on; the listed one can once withdrawn.
    await offerTicket(handle.db, mio.id, seller.id, second!.id, companion.id, NOW);
    await offerTicket(handle.db, mio.id, seller.id, second!.id, null, NOW);
    await withdrawListing(handle.db, seller, listingIds[0]!, NOW);
    await offerTicket(handle.db, mio.id, seller.id, mine!.id, companion.id, NOW);
    await offerTicket(handle.db, mio.id, seller.id, mine!.id, null, NOW);
    await listTickets(handle.db, seller, presaleId, [mine!.id], NOW);
    // Matched: the buyer is paying; then paid: the seat is theirs.
    const buyer = await fan();
    await joinWait(handle.db, buyer, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
    await runRound(handle.db, presaleId, SLOT, NOW);
    await expect(
      offerTicket(handle.db, mio.id, seller.id, mine!.id, companion.id, NOW),
    ).rejects.toMatchObject({
      status: 409,
      message: 'リセールで購入者が決まったチケットは分配できません。',
    });
    expect((await myETickets(handle.db, mio.id, seller.id, NOW)).find((t) => t.id === mine!.id)?.resale).toBe(
      'matched',
    );
    const [match] = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    await payMatch(handle.db, provider, buyer, match!.id, NOW);
    const [moved] = await handle.db.select().from(tickets).where(eq(tickets.id, mine!.id));
    expect(moved).toMatchObject({ holderMemberId: buyer.id, offeredToMemberId: null });
  });

  it('refuses to list a ticket offered to a companion until the offer is taken back', async () => {
    const seller = await fan();
    const { presaleId, ticketsOf } = await resalePresale([seller]);
    const companion = await companionOf(presaleId);
    const [mine] = await ticketsOf(seller);
    await offerTicket(handle.db, mio.id, seller.id, mine!.id, companion.id, NOW);
    await expect(listTickets(handle.db, seller, presaleId, [mine!.id], NOW)).rejects.toMatchObject({
      status: 409,
      message: '同行者に分配中のチケットは出品できません。分配を取り消してからお試しください。',
    });
    expect(
      await handle.db.select().from(resaleListings).where(eq(resaleListings.ticketId, mine!.id)),
    ).toEqual([]);
    await offerTicket(handle.db, mio.id, seller.id, mine!.id, null, NOW);
    await listTickets(handle.db, seller, presaleId, [mine!.id], NOW);
  });

  it('refuses to accept an offer left open on a ticket listed since, so the paying buyer still gets the seat', async () => {
    const seller = await fan();
    const { presaleId, offeringId, ticketsOf } = await resalePresale([seller]);
    const companion = await companionOf(presaleId);
    const [mine] = await ticketsOf(seller);
    await listTickets(handle.db, seller, presaleId, [mine!.id], NOW);
    // An offer made on the listed ticket before offers were checked against the resale (none can be made now).
    await handle.db.update(tickets).set({ offeredToMemberId: companion.id }).where(eq(tickets.id, mine!.id));
    await expect(acceptTicket(handle.db, mio.id, companion.id, mine!.id, NOW)).rejects.toMatchObject({
      status: 409,
      message: 'リセールに出品中のチケットは分配できません。出品を取り消してからお試しください。',
    });
    const buyer = await matchAndPay(presaleId, offeringId);
    const [moved] = await handle.db.select().from(tickets).where(eq(tickets.id, mine!.id));
    expect(moved).toMatchObject({ holderMemberId: buyer.id, offeredToMemberId: null });
    const [match] = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    expect(match).toMatchObject({ status: 'transferred' });
  });
});

describe('公式リセール: match → payment → transfer → refund, exactly once', () => {
  it('matches each seat to one member, moves the ticket once on payment, and refunds the seller once', async () => {
    const seller = await fan();
    const { presaleId, offeringId, performanceId, ticketsOf } = await resalePresale([seller], 'single', 440);
    const [ticket] = await ticketsOf(seller);
    const oldCode = (await codeBatch(handle.db, mio.id, seller, NOW)).subjects.find(
      (s) => s.ref === ticket!.id,
    )!.codes[0]!;
    await listTickets(handle.db, seller, presaleId, [ticket!.id], NOW);
    const waiting = await Promise.all([fan(), fan(), fan()]);
    for (const member of waiting) {
      await joinWait(handle.db, member, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
    }
    expect(latestSlot('12:00', NOW)).toEqual(SLOT);
    // Two instances at the same match time: one round, one match for the one seat.
    const rounds = await Promise.all([
      runRound(handle.db, presaleId, SLOT, NOW),
      runRound(handle.db, presaleId, SLOT, NOW),
      runResaleJobs(handle.db, provider, NOW),
    ]);
    expect(rounds.filter((r) => r && 'roundId' in r)).toHaveLength(1);
    expect(
      await handle.db.select().from(resaleRounds).where(eq(resaleRounds.presaleId, presaleId)),
    ).toHaveLength(1);
    const matches = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    expect(matches).toHaveLength(1);
    const match = matches[0]!;
    expect(match).toMatchObject({ status: 'due', tickets: 1, amountYen: 8800 });
    const buyer = waiting.find((m) => m.id === match.memberId)!;
    const loser = waiting.find((m) => m.id !== match.memberId)!;
    await expect(payMatch(handle.db, provider, loser, match.id, NOW)).rejects.toMatchObject({ status: 404 });

    // A double click (and the job at once): one charge, one move.
    const paid = await Promise.all([
      payMatch(handle.db, provider, buyer, match.id, NOW),
      payMatch(handle.db, provider, buyer, match.id, NOW),
    ]);
    expect(paid.map((p) => p.status)).toEqual(['paid', 'paid']);
    const charges = await handle.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerId, buyer.billingCustomerId!));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amountYen).toBe(8800);
    const [moved] = await handle.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(moved).toMatchObject({ holderMemberId: buyer.id, holderVersion: ticket!.holderVersion + 1 });

    // The seller's old code is refused at the door; the buyer's new one admits.
    const refused = await checkIn(
      handle.db,
      mio.id,
      'door',
      performanceId,
      { clientScanId: `resale-old-${ticket!.id}`, code: oldCode, scannedAt: NOW.getTime(), offline: false },
      NOW,
    );
    expect(refused).toMatchObject({ outcome: 'refused' });

    // The refund: the seller's, once, face value less the fee, only after the move.
    await Promise.all([runResaleJobs(handle.db, provider, NOW), runResaleJobs(handle.db, provider, NOW)]);
    await runResaleJobs(handle.db, provider, NOW);
    const [listing] = await handle.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.ticketId, ticket!.id));
    expect(listing).toMatchObject({ status: 'refunded' });
    // Every refund of the seller's payment: exactly one, face value less the fee.
    const refunds = await handle.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.providerPaymentId, `ch_seller_${presaleId.slice(0, 8)}_0`));
    expect(refunds).toEqual([expect.objectContaining({ amountYen: 8360 })]);
    const mails = await handle.db
      .select({ kind: notices.kind, memberId: notices.memberId })
      .from(notices)
      .where(eq(notices.siteId, mio.id));
    const kinds = (member: Member) =>
      mails
        .filter((m) => m.memberId === member.id)
        .map((m) => m.kind)
        .sort();
    expect(kinds(seller)).toEqual(['resale-listed', 'resale-matched', 'resale-refunded']);
    expect(kinds(buyer)).toEqual(['resale-paid', 'resale-waiting', 'resale-won']);

    const buyerCode = (await codeBatch(handle.db, mio.id, buyer, NOW)).subjects.find(
      (s) => s.ref === ticket!.id,
    )!.codes[0]!;
    const admitted = await checkIn(
      handle.db,
      mio.id,
      'door',
      performanceId,
      { clientScanId: `resale-new-${ticket!.id}`, code: buyerCode, scannedAt: NOW.getTime(), offline: false },
      NOW,
    );
    expect(admitted).toMatchObject({ outcome: 'admitted' });
  });

  it('lapses an unpaid match: the seat goes to the next round’s draw, and a late payment cannot move it', async () => {
    const seller = await fan();
    const { presaleId, offeringId, ticketsOf } = await resalePresale([seller]);
    const [ticket] = await ticketsOf(seller);
    await listTickets(handle.db, seller, presaleId, [ticket!.id], NOW);
    const first = await fan();
    await joinWait(handle.db, first, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
    await runRound(handle.db, presaleId, SLOT, NOW);
    const [match] = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    const later = new Date(NOW.getTime() + 4 * 86_400_000);
    await Promise.all([
      lapseDueMatches(handle.db, provider, later),
      lapseDueMatches(handle.db, provider, later),
    ]);
    await expect(payMatch(handle.db, provider, first, match!.id, later)).rejects.toMatchObject({
      status: 409,
    });
    const [back] = await handle.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.ticketId, ticket!.id));
    expect(back).toMatchObject({ status: 'listed', matchId: null });
    const next = await fan();
    await joinWait(handle.db, next, { offeringId, tickets: 1, paymentMethod: 'card' }, later);
    const round = await runRound(handle.db, presaleId, new Date(later.getTime()), later);
    expect(round).toMatchObject({ matched: 1, entries: 1 });
    const [held] = await handle.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(held!.holderMemberId).toBe(seller.id);
  });

  it("makes a match due by the show's start at the latest, and none once it has begun", async () => {
    const seller = await fan();
    const { presaleId, offeringId, ticketsOf } = await resalePresale([seller]);
    const [first, second] = await ticketsOf(seller);
    await listTickets(handle.db, seller, presaleId, [first!.id], NOW);
    const buyer = await fan();
    await joinWait(handle.db, buyer, { offeringId, tickets: 1, paymentMethod: 'konbini' }, NOW);
    // The last match time: resale closes 2027-01-30 12:00 JST; three konbini days would end after the show's start
    // (2027-02-01 18:00 JST), when the seller may already have used the seat.
    const last = new Date('2027-01-30T03:00:00Z');
    expect(await runRound(handle.db, presaleId, last, last)).toMatchObject({ matched: 1 });
    const start = new Date('2027-02-01T09:00:00Z');
    const [match] = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    expect(match!.paymentDueAt).toEqual(start);
    const [won] = await handle.db
      .select()
      .from(notices)
      .where(and(eq(notices.kind, 'resale-won'), eq(notices.memberId, buyer.id)));
    expect(won!.data).toMatchObject({ dueAt: start.toISOString() });

    // The show begun: the seat is not drawn, it stays the seller's, the member keeps waiting.
    await listTickets(handle.db, seller, presaleId, [second!.id], NOW);
    const late = await fan();
    await joinWait(handle.db, late, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
    const begun = new Date('2027-02-01T09:30:00Z');
    expect(await runRound(handle.db, presaleId, begun, begun)).toMatchObject({ seats: 0, matched: 0 });
    const matches = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    expect(matches.map((m) => m.id)).toEqual([match!.id]);
    const [listed] = await handle.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.ticketId, second!.id));
    expect(listed).toMatchObject({ status: 'listed', matchId: null });
    const [waiting] = await handle.db.select().from(resaleWaits).where(eq(resaleWaits.memberId, late.id));
    expect(waiting).toMatchObject({ status: 'waiting' });
  });
});

describe('公式リセール: the event cancelled (中止)', () => {
  it('refunds the buyer once, the seller only what the resale kept, and ends listings, waits and unpaid matches', async () => {
    const seller = await fan();
    const seller2 = await fan();
    const { presaleId, offeringId, ticketsOf } = await resalePresale([seller, seller2], 'single', 440);
    const sellerPi = (index: number) => `ch_seller_${presaleId.slice(0, 8)}_${index}`;
    // The sellers' wins were charged at the sandbox (so a refund of what is left can be measured there).
    for (const [index, who] of [seller, seller2].entries()) {
      await handle.db.insert(sandboxCharges).values({
        id: sellerPi(index),
        siteId: mio.id,
        customerId: who.billingCustomerId!,
        attemptId: `seller-${presaleId}-${index}`,
        amountYen: 17600,
        status: 'succeeded',
        createdAt: new Date('2026-12-10T03:00:00Z'),
      });
    }
    const [a, b] = await ticketsOf(seller);
    const [c, d] = await ticketsOf(seller2);

    // Round 1: ticket A to one of two waiting members, paid, moved, the seller refunded face value less the fee.
    await listTickets(handle.db, seller, presaleId, [a!.id], NOW);
    const waiting = [await fan(), await fan()];
    for (const member of waiting) {
      await joinWait(handle.db, member, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW);
    }
    await runRound(handle.db, presaleId, SLOT, NOW);
    const [match] = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    const buyer = waiting.find((m) => m.id === match!.memberId)!;
    const rest = waiting.find((m) => m.id !== match!.memberId)!;
    await payMatch(handle.db, provider, buyer, match!.id, NOW);
    await runResaleJobs(handle.db, provider, NOW);
    const [moved] = await handle.db.select().from(tickets).where(eq(tickets.id, a!.id));
    expect(moved!.holderMemberId).toBe(buyer.id);
    const [sold] = await handle.db.select().from(resaleListings).where(eq(resaleListings.ticketId, a!.id));
    expect(sold).toMatchObject({ status: 'refunded' });

    // Round 2 the next day: three seats for two members (one by konbini, whose voucher is issued), so one seat
    // stays listed; a member who joins after waits on.
    const NOW2 = new Date(NOW.getTime() + 86_400_000);
    await listTickets(handle.db, seller, presaleId, [b!.id], NOW2);
    await listTickets(handle.db, seller2, presaleId, [c!.id, d!.id], NOW2);
    const konbini = await fan(false);
    await joinWait(handle.db, konbini, { offeringId, tickets: 1, paymentMethod: 'konbini' }, NOW2);
    await runResaleJobs(handle.db, provider, NOW2);
    const late = await fan();
    await joinWait(handle.db, late, { offeringId, tickets: 1, paymentMethod: 'card' }, NOW2);
    const due = await handle.db
      .select()
      .from(resaleMatches)
      .where(and(eq(resaleMatches.presaleId, presaleId), eq(resaleMatches.status, 'due')));
    expect(due.map((m) => m.memberId).sort()).toEqual([rest.id, konbini.id].sort());
    const [voucher] = await handle.db
      .select()
      .from(oneOffPayments)
      .where(eq(oneOffPayments.memberId, konbini.id));
    expect(voucher).toMatchObject({ status: 'pending', purpose: 'resale' });

    // One of them pays just before the cancellation: the seat moves, its seller's partial refund not yet made.
    const paidLast = due.find((m) => m.memberId === rest.id)!;
    await payMatch(handle.db, provider, rest, paidLast.id, NOW2);
    const [inFlight] = await handle.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.matchId, paidLast.id));
    expect(inFlight).toMatchObject({ status: 'sold' });

    // The owner cancels the event: two requests (and their jobs) at once, then the jobs once more.
    const owner = {
      siteId: mio.id,
      uid: 'owner',
      email: 'o@example.com',
      displayName: 'オーナー',
      role: 'owner' as const,
    };
    const [presaleRow] = await handle.db.select().from(presales).where(eq(presales.id, presaleId));
    const NOW3 = new Date(NOW2.getTime() + 3_600_000);
    const cancel = async () => {
      const presale = await cancelPresaleEvent(handle.db, owner, presaleRow!.itemId, '台風のため', NOW3);
      await finishCancellation(handle.db, provider, presale, NOW3);
      await runResaleJobs(handle.db, provider, NOW3);
      await finishCancellation(handle.db, provider, presale, NOW3);
    };
    await Promise.all([cancel(), cancel()]);
    await cancel();
    const unpaid = due.find((m) => m.memberId === konbini.id)!;
    await expect(payMatch(handle.db, provider, konbini, unpaid.id, NOW3)).rejects.toMatchObject({
      status: 409,
    });
    expect(await runRound(handle.db, presaleId, new Date(NOW3.getTime() + 86_400_000), NOW3)).toBeNull();

    const refundsOf = (providerPaymentId: string) =>
      handle.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.providerPaymentId, providerPaymentId));
    const total = (rows: { amountYen: number }[]) => rows.reduce((sum, r) => sum + r.amountYen, 0);
    // Each buyer: their resale payment back whole, once.
    for (const who of [buyer, rest]) {
      const [charge] = await handle.db
        .select()
        .from(sandboxCharges)
        .where(
          and(eq(sandboxCharges.customerId, who.billingCustomerId!), eq(sandboxCharges.amountYen, 8800)),
        );
      expect(charge).toMatchObject({ status: 'refunded' });
      expect(await refundsOf(charge!.id)).toEqual([expect.objectContaining({ amountYen: 8800 })]);
      const [payment] = await handle.db
        .select()
        .from(oneOffPayments)
        .where(and(eq(oneOffPayments.memberId, who.id), eq(oneOffPayments.purpose, 'resale')));
      expect(payment).toMatchObject({ status: 'refunded' });
    }
    // Each seller: face value less the fee for each sold ticket, then the rest (unsold tickets and the club's fee,
    // given back on a cancellation): the win's 17,600 in all, never more, and nothing refused by the provider.
    const sellerRefunds = await refundsOf(sellerPi(0));
    expect(sellerRefunds.filter((r) => r.amountYen === 8360).length).toBeGreaterThanOrEqual(1);
    expect(total(sellerRefunds)).toBe(17600);
    expect(total(await refundsOf(sellerPi(1)))).toBe(17600);

    // Listings, waits and matches ended; the unpaid voucher voided.
    const listings = await handle.db
      .select()
      .from(resaleListings)
      .where(eq(resaleListings.presaleId, presaleId));
    expect(listings.map((l) => l.status).sort()).toEqual(['refunded', 'refunded', 'withdrawn', 'withdrawn']);
    const waits = await handle.db.select().from(resaleWaits).where(eq(resaleWaits.presaleId, presaleId));
    expect(waits.filter((w) => ['waiting', 'matched'].includes(w.status))).toEqual([]);
    const matches = await handle.db
      .select()
      .from(resaleMatches)
      .where(eq(resaleMatches.presaleId, presaleId));
    expect(matches.map((m) => m.status).sort()).toEqual(['lapsed', 'transferred', 'transferred']);
    const [voided] = await handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.id, voucher!.id));
    expect(voided).toMatchObject({ status: 'canceled' });
    const [atSandbox] = await handle.db
      .select()
      .from(sandboxKonbiniPayments)
      .where(eq(sandboxKonbiniPayments.id, voucher!.providerPaymentId!));
    expect(atSandbox).toMatchObject({ status: 'canceled' });
    const applications = await handle.db
      .select()
      .from(presaleApplications)
      .where(eq(presaleApplications.presaleId, presaleId));
    expect(applications.map((x) => x.status)).toEqual(['refunded', 'refunded']);

    // Each fan told once, with what comes back now.
    const told = await handle.db
      .select()
      .from(notices)
      .where(and(eq(notices.kind, 'presale-cancelled'), inArray(notices.memberId, [buyer.id, seller.id])));
    const dataOf = (member: Member) => told.filter((n) => n.memberId === member.id).map((n) => n.data);
    expect(dataOf(buyer)).toEqual([expect.objectContaining({ refundYen: 8800, receiptNo: null })]);
    const [sellerTold] = dataOf(seller) as { refundYen: number; resaleRefundedYen: number }[];
    expect(sellerTold!.refundYen + sellerTold!.resaleRefundedYen).toBe(17600);
    expect(sellerTold!.resaleRefundedYen % 8360).toBe(0);
    expect(sellerTold!.resaleRefundedYen).toBeGreaterThan(0);
  });
});
