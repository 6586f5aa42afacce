import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  auditLog,
  complimentaryGrants,
  contentItems,
  members,
  notices,
  oneOffPayments,
  paymentDisputes,
  plans,
  presaleApplications,
  presaleOfferings,
  presales,
  sandboxCharges,
  sandboxKonbiniPayments,
  staffMembers,
} from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { createStripeProvider, type StripeProvider } from '@/server/payments/stripe';
import {
  startStripeStandIn,
  TEST_CARDS,
  type StandInCard,
  type StandInEvent,
  type StripeStandIn,
} from '@/test/stripe-stand-in';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { findReceiptPayment, handleBillingEvent, listPaymentHistory } from '@/features/billing/server';
import type { StaffActor } from '@/features/staff';
import { applicationSchema, presaleSetupSchema } from '@/features/presale/schemas';
import { applyToPresale } from './apply';
import { cancelPresaleEvent, finishCancellation } from './cancel';
import { closeAndDrawDue } from './close-and-draw';
import { runPresaleJobs } from './jobs';
import { myTickets } from './my-tickets';
import { paidList, paidListCsv, seatsOf } from './paid-list';
import { payWinAgain } from './pay';
import { confirmWinAuthentication, winAuthentication } from './authenticate';
import { savePresale, type Presale } from './setup';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let provider: SandboxProvider;
let owner: StaffActor;
const HOUR = 3_600_000;
const NOW = Date.now();
const at = (hours: number) => new Date(NOW + hours * HOUR);
const jst = (date: Date) => new Date(date.getTime() + 9 * HOUR).toISOString().slice(0, 16);
const GOOD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
// Stripe's test card that attaches but whose charges fail.
const FAILS = { ...GOOD, number: '4000000000000341' };
// Stripe's "always authenticate" test card: attaches, and every off-session charge asks for 3-D Secure.
const AUTHENTICATES = { ...GOOD, number: '4000002760003184' };

async function fan(uid: string, card: typeof GOOD | null = GOOD): Promise<Member> {
  const member = await ensureMember(handle.db, mio.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: mio.id,
    memberId: member.id,
    endsAt: at(24 * 400),
    grantedBy: 'test',
  });
  await handle.db
    .update(members)
    .set({ familyName: uid === 'x-eq' ? '=HYPERLINK("x")' : '山田', givenName: uid })
    .where(eq(members.id, member.id));
  if (card) {
    const customerId = await provider.createCustomer({ siteId: mio.id, memberId: member.id, email: null });
    await provider.changeCard({ customerId, subscriptionId: null, card });
    await handle.db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
  }
  return (await ensureMember(handle.db, mio.id, uid))!;
}

/** A presale whose window closed two days ago and whose results time is an hour ago; offering 1 has no seats. */
async function setUp(title: string): Promise<{ presale: Presale; open: string; full: string }> {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title, state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: jst(at(24 * 40)),
        doorsAt: null,
        venue: 'Zepp Haneda',
        offerings: [
          { seatType: 'A指定', capacity: 10, priceYen: 8800 },
          { seatType: 'B満席', capacity: 0, priceYen: 7700 },
        ],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 2,
    opensAt: jst(at(-24 * 10)),
    closesAt: jst(at(-48)),
    resultsAt: jst(at(-1)),
    joinedBefore: jst(at(-24 * 11)),
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, owner, item!.id, setup, at(-24 * 12));
  const offerings = await handle.db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id))
    .orderBy(presaleOfferings.seatType);
  return { presale, open: offerings[0]!.id, full: offerings[1]!.id };
}

const apply = (who: Member, presale: Presale, offering: string, method: 'card' | 'konbini', tickets = 2) =>
  applyToPresale(
    handle.db,
    mio.id,
    who,
    presale.id,
    applicationSchema.parse({ choices: [offering], tickets, companions: [], paymentMethod: method }),
    at(-24 * 5),
  );

async function noticesOf(memberId: string, kind: string) {
  return handle.db
    .select()
    .from(notices)
    .where(and(eq(notices.memberId, memberId), eq(notices.kind, kind)));
}
const applicationOf = async (id: string) =>
  (await handle.db.select().from(presaleApplications).where(eq(presaleApplications.id, id)))[0]!;
const paymentsOf = (applicationId: string) =>
  handle.db.select().from(oneOffPayments).where(eq(oneOffPayments.presaleApplicationId, applicationId));
/** Every charge of the member's card at the provider (whatever attempt made it). */
async function chargesOf(member: Member) {
  return handle.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.customerId, member.billingCustomerId!));
}
const run = (now = new Date()) => runPresaleJobs(handle.db, provider, now);

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
  owner = { siteId: mio.id, uid: 'owner', email: 'o@example.com', displayName: 'オーナー', role: 'owner' };
  // The owner whom a dispute's mail goes to.
  await db
    .insert(staffMembers)
    .values({
      siteId: mio.id,
      uid: 'owner',
      email: 'owner@mio.example.com',
      displayName: 'オーナー',
      role: 'owner',
    })
    .onConflictDoNothing();
});
/** The mails about disputes the site's owner got. */
const ownerMails = () =>
  handle.db
    .select()
    .from(notices)
    .where(and(eq(notices.kind, 'payment-disputed'), eq(notices.toAddress, 'owner@mio.example.com')));
afterAll(async () => handle?.drop());

describe('paying a presale win', () => {
  it('announces once, charges a card once, issues a konbini voucher, and refuses to take money for a loss', async () => {
    const { presale, open, full } = await setUp('LIVE 2027 東京');
    // The card fan's name starts like a spreadsheet formula: the CSV keeps it text.
    const [card, konbini, loser] = await Promise.all(['x-eq', 'w-konbini', 'w-loser'].map((u) => fan(u)));
    const a = await apply(card!, presale, open, 'card');
    const b = await apply(konbini!, presale, open, 'konbini', 1);
    const c = await apply(loser!, presale, full, 'card');

    // Drawn, but the results time is still ahead: nothing told, nothing charged, nothing shown.
    await closeAndDrawDue(handle.db, at(-47));
    await run(at(-2));
    expect(await noticesOf(card!.id, 'presale-won')).toHaveLength(0);
    expect(await paymentsOf(a.id)).toHaveLength(0);
    expect((await myTickets(handle.db, mio.id, card!.id, at(-2)))[0]!.status).toBe('applied');

    // Two instances at the results time, then a retry: one notice each, one charge.
    await Promise.all([run(), run()]);
    await run();
    for (const [who, kind] of [
      [card, 'presale-won'],
      [konbini, 'presale-won'],
      [loser, 'presale-lost'],
    ] as const) {
      expect(await noticesOf(who!.id, kind)).toHaveLength(1);
    }
    const won = (await noticesOf(card!.id, 'presale-won'))[0]!.data as Record<string, unknown>;
    expect(won).toMatchObject({ amountYen: 17_600, tickets: 2, seatType: 'A指定', method: 'card', rank: 1 });
    expect(await chargesOf(card!)).toHaveLength(1);
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(card!.id, 'presale-paid')).toHaveLength(1);
    const history = await listPaymentHistory(handle.db, provider, card!);
    expect(history.find((line) => line.planName.startsWith('チケット代金'))).toMatchObject({
      amountYen: 17_600,
      method: 'card',
      receiptNumber: expect.stringMatching(/^R\d{8}-/),
    });

    // A crash after the provider charged and before we wrote it: the retry finds the same charge.
    const [paid] = await paymentsOf(a.id);
    await handle.db.update(oneOffPayments).set({ status: 'issuing' }).where(eq(oneOffPayments.id, paid!.id));
    await handle.db
      .update(presaleApplications)
      .set({ status: 'won', paidAt: null })
      .where(eq(presaleApplications.id, a.id));
    await Promise.all([run(), run()]);
    expect(await chargesOf(card!)).toHaveLength(1);
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(card!.id, 'presale-paid')).toHaveLength(1);
    // Nothing left to do: an idle tick calls no provider.
    expect(await run()).toMatchObject({ announced: 0, settled: 0, lapsed: 0 });

    // Konbini: a voucher with its mail, paid at the till, then paid.
    const [voucher] = await paymentsOf(b.id);
    expect(voucher).toMatchObject({ status: 'pending', method: 'konbini', amountYen: 8_800 });
    expect((await applicationOf(b.id)).paymentDueAt).toEqual(voucher!.expiresAt);
    const mail = (await noticesOf(konbini!.id, 'konbini-voucher'))[0]!.data as Record<string, unknown>;
    expect(mail).toMatchObject({ paymentNumber: voucher!.paymentNumber, amountYen: 8_800 });
    await provider.payKonbini(voucher!.providerPaymentId!);
    expect(await applicationOf(b.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(konbini!.id, 'presale-paid')).toHaveLength(1);

    // A loss: paying is refused with the reason, and nothing is written.
    await expect(payWinAgain(handle.db, provider, loser!, presale.id, new Date())).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('落選'),
    });
    expect(await paymentsOf(c.id)).toHaveLength(0);

    // The staff's list and CSV: both paid wins, the CSV audited.
    const list = await paidList(handle.db, owner, presale.itemId);
    expect(list.rows.map((row) => row.receiptNo).sort()).toEqual([a.receiptNo, b.receiptNo].sort());
    const csv = await paidListCsv(handle.db, owner, presale.itemId);
    expect(csv.startsWith('\uFEFF氏名,会員番号,受付番号')).toBe(true);
    expect(csv).toContain('17600,クレジットカード');
    expect(csv).toContain(`"'=HYPERLINK(""x"") x-eq",`);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'presale.paid-export'));
    expect(audits).toHaveLength(1);
    await expect(paidList(handle.db, { ...owner, role: 'support' }, presale.itemId)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('gives a refused card 48 hours, takes the payment again, and lapses an unpaid win, freeing its seats', async () => {
    const { presale, open } = await setUp('LIVE 2027 大阪');
    const [refused, unpaid] = await Promise.all([fan('r-card', FAILS), fan('r-konbini', null)]);
    const a = await apply(refused!, presale, open, 'card');
    const b = await apply(unpaid!, presale, open, 'konbini');
    await closeAndDrawDue(handle.db, at(-47));
    await Promise.all([run(), run()]);

    const afterFailure = await applicationOf(a.id);
    expect(afterFailure.status).toBe('won');
    const graceMs = afterFailure.paymentDueAt!.getTime() - Date.now();
    expect(graceMs).toBeGreaterThan(47 * HOUR);
    expect(graceMs).toBeLessThan(49 * HOUR);
    expect(await noticesOf(refused!.id, 'presale-card-failed')).toHaveLength(1);
    expect((await myTickets(handle.db, mio.id, refused!.id))[0]).toMatchObject({
      status: 'won',
      payment: { status: 'failed', method: 'card' },
    });

    // The same card again: refused (402), still won; a new card: paid once, the receipt's payment named.
    await expect(payWinAgain(handle.db, provider, refused!, presale.id, new Date())).rejects.toMatchObject({
      status: 402,
    });
    await provider.changeCard({ customerId: refused!.billingCustomerId!, subscriptionId: null, card: GOOD });
    const [first, second] = await Promise.all([
      payWinAgain(handle.db, provider, refused!, presale.id, new Date()),
      payWinAgain(handle.db, provider, refused!, presale.id, new Date()),
    ]);
    expect(first).toMatchObject({ status: 'paid' });
    expect(first).toEqual(second);
    expect((await chargesOf(refused!)).filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });

    // The konbini win is not paid by its deadline: lapsed, its voucher cancelled, its seats free again.
    const seatsBefore = (await seatsOf(handle.db, presale.id)).find((s) => s.id === open)!;
    expect(seatsBefore.taken).toBe(4);
    const later = at(24 * 6);
    await Promise.all([run(later), run(later)]);
    expect(await applicationOf(b.id)).toMatchObject({ status: 'lapsed' });
    expect(await noticesOf(unpaid!.id, 'presale-lapsed')).toHaveLength(1);
    const [voucher] = await paymentsOf(b.id);
    expect(['expired', 'canceled']).toContain(voucher!.status);
    expect((await seatsOf(handle.db, presale.id)).find((s) => s.id === open)!.taken).toBe(2);
    await expect(payWinAgain(handle.db, provider, unpaid!, presale.id, later)).rejects.toMatchObject({
      status: 409,
    });
    // The paid win stays paid.
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });
  });

  it('refunds every payment of a cancelled event once and tells every participant', async () => {
    const { presale, open, full } = await setUp('LIVE 2027 中止');
    const [card, paidKonbini, pendingKonbini, loser] = await Promise.all(
      ['c-card', 'c-paid', 'c-pending', 'c-loser'].map((u) => fan(u)),
    );
    const a = await apply(card!, presale, open, 'card');
    const b = await apply(paidKonbini!, presale, open, 'konbini');
    const c = await apply(pendingKonbini!, presale, open, 'konbini');
    const d = await apply(loser!, presale, full, 'konbini');
    await closeAndDrawDue(handle.db, at(-47));
    await run();
    const [voucher] = await paymentsOf(b.id);
    await provider.payKonbini(voucher!.providerPaymentId!);
    expect(await applicationOf(b.id)).toMatchObject({ status: 'paid' });

    // A double click and two instances.
    const now = new Date();
    await Promise.all([
      cancelPresaleEvent(handle.db, owner, presale.itemId, '会場の都合', now),
      cancelPresaleEvent(handle.db, owner, presale.itemId, '会場の都合', now),
    ]);
    await expect(
      cancelPresaleEvent(handle.db, { ...owner, role: 'editor' }, presale.itemId, 'x', now),
    ).rejects.toMatchObject({ status: 403 });
    const [cancelled] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
    await Promise.all([
      finishCancellation(handle.db, provider, cancelled!, now),
      finishCancellation(handle.db, provider, cancelled!, now),
      run(),
    ]);
    await run();

    for (const application of [a, b, c]) {
      expect(await applicationOf(application.id)).toMatchObject({ status: 'refunded' });
    }
    expect(await applicationOf(d.id)).toMatchObject({ status: 'lost' });
    const charges = await chargesOf(card!);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    const [till] = await handle.db
      .select()
      .from(sandboxKonbiniPayments)
      .where(eq(sandboxKonbiniPayments.id, voucher!.providerPaymentId!));
    expect(till!.refundedAt).toBeInstanceOf(Date);
    expect((await paymentsOf(a.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await paymentsOf(b.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await paymentsOf(c.id))[0]).toMatchObject({ status: 'canceled' });
    // A refunded win keeps its receipt, which shows the refund and its date; a voucher never paid has none.
    for (const [who, application] of [
      [card, a],
      [paidKonbini, b],
    ] as const) {
      const payment = (await paymentsOf(application.id))[0]!;
      expect(await findReceiptPayment(handle.db, provider, who!, payment.id)).toMatchObject({
        status: 'refunded',
        amountYen: payment.amountYen,
        refundedAt: payment.refundedAt,
        receiptNumber: expect.stringMatching(/^R\d{8}-/),
      });
      expect(payment.refundedAt).toBeInstanceOf(Date);
    }
    const unpaid = (await paymentsOf(c.id))[0]!;
    await expect(findReceiptPayment(handle.db, provider, pendingKonbini!, unpaid.id)).rejects.toMatchObject({
      status: 404,
    });
    for (const who of [card, paidKonbini, pendingKonbini, loser]) {
      expect(await noticesOf(who!.id, 'presale-cancelled')).toHaveLength(1);
    }
    const refund = (await noticesOf(card!.id, 'presale-cancelled'))[0]!.data as Record<string, unknown>;
    expect(refund).toMatchObject({ refundYen: 17_600, method: 'card' });
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'presale.cancel'), eq(auditLog.targetId, presale.id)));
    expect(audits).toHaveLength(1);
    await expect(payWinAgain(handle.db, provider, card!, presale.id, new Date())).rejects.toMatchObject({
      status: 409,
    });
  });

  it('waits for 3-D Secure until the deadline: paid once by the fan, lapsed without, a success at the deadline kept', async () => {
    const { presale, open } = await setUp('LIVE 2027 名古屋');
    const [done, late, edge] = await Promise.all(
      ['s-3ds', 's-3ds-late', 's-3ds-edge'].map((u) => fan(u, AUTHENTICATES)),
    );
    const [a, b, c] = await Promise.all([
      apply(done!, presale, open, 'card', 1),
      apply(late!, presale, open, 'card', 1),
      apply(edge!, presale, open, 'card', 1),
    ]);
    await closeAndDrawDue(handle.db, at(-47));
    await Promise.all([run(), run()]);
    const confirm = (who: Member, now: Date, approve?: boolean) =>
      confirmWinAuthentication(handle.db, provider, who, presale.id, now, approve);

    // Asked for authentication: one waiting charge each, 48 hours to act, the mail to the page, My page's action.
    for (const [who, application] of [
      [done!, a],
      [late!, b],
    ] as const) {
      const waiting = await applicationOf(application.id);
      expect(waiting.status).toBe('won');
      expect(waiting.paymentDueAt!.getTime() - Date.now()).toBeGreaterThan(47 * HOUR);
      expect(await paymentsOf(application.id)).toMatchObject([{ status: 'pending', method: 'card' }]);
      expect(await chargesOf(who!)).toMatchObject([{ status: 'requires_action' }]);
      const mails = await noticesOf(who!.id, 'presale-card-action');
      expect(mails).toMatchObject([{ data: { presaleId: presale.id, amountYen: 8_800 } }]);
      expect((await myTickets(handle.db, mio.id, who!.id))[0]).toMatchObject({
        status: 'won',
        payment: { status: 'pending', method: 'card' },
      });
    }
    // Paying again charges nothing more: the fan is sent to authenticate the charge that waits.
    await expect(payWinAgain(handle.db, provider, done!, presale.id, new Date())).resolves.toEqual({
      status: 'requires_action',
    });
    expect(await chargesOf(done!)).toHaveLength(1);

    // Refused on the card company's page: 402, still waiting. Then approved with a double click, while the
    // return's re-check and the provider's event arrive too: paid once, one mail.
    await expect(confirm(done!, new Date(), false)).rejects.toMatchObject({ status: 402 });
    expect(await applicationOf(a.id)).toMatchObject({ status: 'won' });
    const answers = await Promise.all([
      confirm(done!, new Date(), true),
      confirm(done!, new Date(), true),
      confirm(done!, new Date()),
      provider.deliverPending(),
    ]);
    const [paidRow] = await paymentsOf(a.id);
    expect(paidRow).toMatchObject({ status: 'paid' });
    for (const answer of answers.slice(0, 2))
      expect(answer).toEqual({ status: 'paid', paymentId: paidRow!.id });
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });
    expect(await chargesOf(done!)).toMatchObject([{ status: 'succeeded' }]);
    expect(await noticesOf(done!.id, 'presale-paid')).toHaveLength(1);
    await expect(confirm(done!, new Date(), true)).resolves.toEqual({
      status: 'paid',
      paymentId: paidRow!.id,
    });

    // The deadline: authenticating at it is refused, and the job cancels the charge and lapses the win (two
    // instances); nothing is taken afterwards.
    const due = (await applicationOf(b.id)).paymentDueAt!;
    await expect(confirm(late!, due, true)).rejects.toMatchObject({ status: 409 });
    const edgeDue = (await applicationOf(c.id)).paymentDueAt!;
    const after = new Date(Math.max(due.getTime(), edgeDue.getTime()));
    // The third fan authenticated at the card company just before the deadline and its event was lost: the job
    // at the deadline asks the provider first, finds the money taken, and pays the win instead of lapsing it.
    await handle.db
      .update(sandboxCharges)
      .set({ status: 'succeeded', paidAt: new Date(edgeDue.getTime() - 1000) })
      .where(eq(sandboxCharges.customerId, edge!.billingCustomerId!));
    await Promise.all([run(after), run(after)]);
    expect(await applicationOf(b.id)).toMatchObject({ status: 'lapsed' });
    expect(await chargesOf(late!)).toMatchObject([{ status: 'canceled' }]);
    expect(await paymentsOf(b.id)).toMatchObject([{ status: 'canceled' }]);
    expect(await noticesOf(late!.id, 'presale-lapsed')).toHaveLength(1);
    await expect(confirm(late!, after, true)).rejects.toMatchObject({ status: 409 });
    expect(await chargesOf(late!)).toMatchObject([{ status: 'canceled' }]);
    expect(await applicationOf(c.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(edge!.id, 'presale-lapsed')).toHaveLength(0);
    expect(await noticesOf(edge!.id, 'presale-paid')).toHaveLength(1);
  });

  it('marks a disputed payment and tells the owners, revoking nothing (a presale charge and a membership invoice)', async () => {
    const { presale, open } = await setUp('LIVE 2027 福岡');
    const disputed = await fan('d-card');
    const a = await apply(disputed, presale, open, 'card', 1);
    await closeAndDrawDue(handle.db, at(-47));
    await run();
    const [charge] = await chargesOf(disputed);
    // Opened twice (a redelivery, a second hook call): one mark, one mail per owner.
    await Promise.all([
      provider.openDispute({ paymentId: charge!.id, reason: 'fraudulent' }),
      provider.openDispute({ paymentId: charge!.id, reason: 'fraudulent' }),
    ]);
    await provider.deliverPending();
    const [paid] = await paymentsOf(a.id);
    const marks = await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.siteId, mio.id));
    expect(marks).toMatchObject([
      {
        oneOffPaymentId: paid!.id,
        memberId: disputed.id,
        purpose: 'presale',
        amountYen: 8_800,
        status: 'open',
      },
    ]);
    expect(await ownerMails()).toMatchObject([
      { memberId: null, data: { status: 'open', purpose: 'presale' } },
    ]);

    // Lost at the card company: marked lost, told again; the ticket stays paid until staff decide.
    await provider.closeDispute(marks[0]!.providerDisputeId, 'lost');
    await provider.closeDispute(marks[0]!.providerDisputeId, 'lost');
    expect(await handle.db.select().from(paymentDisputes)).toMatchObject([
      { status: 'lost', providerStatus: 'lost' },
    ]);
    expect(await ownerMails()).toHaveLength(2);
    expect(await applicationOf(a.id)).toMatchObject({ status: 'paid' });
    expect(await paymentsOf(a.id)).toMatchObject([{ status: 'paid' }]);

    // A membership charge: found by its customer; the membership goes on.
    const [plan] = await handle.db
      .insert(plans)
      .values({ siteId: mio.id, code: 'd-monthly', name: '月額会員', interval: 'month', priceYen: 550 })
      .returning();
    const member = await fan('d-member');
    await provider.startSubscription({
      siteId: mio.id,
      memberId: member.id,
      customerId: member.billingCustomerId!,
      plan: { ...plan!, interval: 'month' },
      card: GOOD,
      attemptId: crypto.randomUUID(),
    });
    const [invoice] = await provider.listPayments(member.billingCustomerId!);
    await provider.openDispute({ paymentId: invoice!.id, reason: 'subscription_canceled' });
    const [membership] = await handle.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.memberId, member.id));
    expect(membership).toMatchObject({
      purpose: 'membership',
      amountYen: 550,
      oneOffPaymentId: null,
      status: 'open',
    });
    expect((await ensureMember(handle.db, mio.id, 'd-member'))!.memberNumber).not.toBeNull();
  });
});

describe('paying presale wins through Stripe (the local stand-in)', () => {
  let standIn: StripeStandIn;
  let stripe: StripeProvider;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripeProvider(standIn.providerOptions);
  });
  afterAll(async () => standIn?.close());

  /** A member whose card was changed on Stripe's page (a SetupIntent confirmed, its webhook applied). */
  async function stripeFan(uid: string, card: StandInCard | null): Promise<Member> {
    const member = await fan(uid, null);
    const customerId = await stripe.createCustomer({ siteId: mio.id, memberId: member.id, email: null });
    if (card) {
      const change = await stripe.changeCard({ customerId, subscriptionId: null });
      if (change.kind !== 'confirm') throw new Error('Stripe card changes are confirmed in the browser');
      const paymentMethodId = standIn.confirmSetupIntent(change.clientSecret, card);
      await stripe.applyCardChange({ customerId, paymentMethodId, subscriptionId: null });
    }
    await handle.db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
    return (await ensureMember(handle.db, mio.id, uid))!;
  }
  const stripeRun = (now = new Date()) => runPresaleJobs(handle.db, stripe, now);
  /** Stripe's event as the webhook takes it: the signature checked by the SDK, then applied once. */
  const deliver = (event: StandInEvent) => {
    const { payload, signature } = standIn.delivery(event);
    return handleBillingEvent(handle.db, stripe, stripe.parseWebhook(payload, signature));
  };

  it('charges off session (a decline refused, 3-D Secure authenticated by the fan), takes a voucher by webhook, refunds on cancellation', async () => {
    const { presale, open } = await setUp('LIVE 2027 Stripe');
    const [paid, secure, poor, konbini, pending, late] = await Promise.all([
      stripeFan('s-card', TEST_CARDS.visa),
      stripeFan('s-stripe-3ds', TEST_CARDS.authenticationRequired),
      stripeFan('s-poor', TEST_CARDS.insufficientFunds),
      stripeFan('s-konbini', null),
      stripeFan('s-pending', null),
      stripeFan('s-late', null),
    ]);
    const a = await apply(paid!, presale, open, 'card');
    const b = await apply(secure!, presale, open, 'card');
    const c = await apply(poor!, presale, open, 'card');
    const d = await apply(konbini!, presale, open, 'konbini', 1);
    const e = await apply(pending!, presale, open, 'konbini', 1);
    const f = await apply(late!, presale, open, 'konbini', 1);
    await closeAndDrawDue(handle.db, at(-47));
    await Promise.all([stripeRun(), stripeRun()]);

    const [charged] = await paymentsOf(a.id);
    expect(charged).toMatchObject({ status: 'paid', amountYen: 17_600 });
    expect(standIn.paymentIntent(charged!.providerPaymentId!)).toMatchObject({
      status: 'succeeded',
      amount: 17_600,
    });
    // Two instances at once, one intent per win (our payment row is the idempotency key).
    expect(standIn.intentsWith({ site_id: mio.id })).toHaveLength(6);
    expect(await applicationOf(c.id)).toMatchObject({ status: 'won' });
    const [failed] = await paymentsOf(c.id);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect(standIn.paymentIntent(standIn.intentsWith({ attempt_id: failed!.id })[0]!)).toMatchObject({
      status: 'requires_payment_method',
    });

    // 3-D Secure (decision 0047): the intent waits, the fan gets the mail and My page's action; Stripe.js confirms
    // that same intent in the browser, and Stripe's event, delivered signed and twice, pays the win once.
    const [waiting] = await paymentsOf(b.id);
    expect(waiting).toMatchObject({ status: 'pending', method: 'card' });
    expect(await noticesOf(secure!.id, 'presale-card-action')).toHaveLength(1);
    expect((await myTickets(handle.db, mio.id, secure!.id))[0]).toMatchObject({
      payment: { status: 'pending', method: 'card' },
    });
    const intentId = waiting!.providerPaymentId!;
    const { client_secret: secret } = standIn.paymentIntent(intentId);
    expect(await winAuthentication(handle.db, stripe, secure!, presale.id)).toMatchObject({
      clientSecret: secret,
    });
    standIn.authenticate(intentId);
    const authenticated = standIn.lastEvent('payment_intent.succeeded', intentId);
    expect(await deliver(authenticated)).toBe('applied');
    expect(await deliver(authenticated)).toBe('duplicate');
    // The fan's return from the card company's page reads the same payment.
    await expect(
      confirmWinAuthentication(handle.db, stripe, secure!, presale.id, new Date(), undefined),
    ).resolves.toEqual({ status: 'paid', paymentId: waiting!.id });
    expect(await applicationOf(b.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(secure!.id, 'presale-paid')).toHaveLength(1);
    expect(standIn.intentsWith({ attempt_id: waiting!.id })).toEqual([intentId]);

    // The voucher is paid at the store; Stripe's event, delivered twice, records it once.
    const [voucher] = await paymentsOf(d.id);
    expect(voucher).toMatchObject({ status: 'pending', paymentNumber: expect.stringMatching(/^\d{11}$/) });
    standIn.payKonbini(voucher!.providerPaymentId!);
    const succeeded = standIn.lastEvent('payment_intent.succeeded', voucher!.providerPaymentId!);
    expect(await deliver(succeeded)).toBe('applied');
    expect(await deliver(succeeded)).toBe('duplicate');
    expect(await applicationOf(d.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(konbini!.id, 'presale-paid')).toHaveLength(1);

    // Another voucher is paid at the store, its event not yet here, when the event is cancelled.
    const [paidMeanwhile] = await paymentsOf(f.id);
    standIn.payKonbini(paidMeanwhile!.providerPaymentId!);

    // The event is cancelled: the card and the paid vouchers refunded once, the open voucher cancelled at Stripe.
    const now = new Date();
    await cancelPresaleEvent(handle.db, owner, presale.itemId, '会場の都合', now);
    const [cancelled] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
    await Promise.all([
      finishCancellation(handle.db, stripe, cancelled!, now),
      finishCancellation(handle.db, stripe, cancelled!, now),
    ]);
    await stripeRun();
    await stripeRun();
    for (const application of [a, b, d, f]) {
      const [refunded] = await paymentsOf(application.id);
      expect(refunded).toMatchObject({ status: 'refunded' });
      const intent = standIn.paymentIntent(refunded!.providerPaymentId!);
      expect(standIn.charge(intent.latest_charge as string)).toMatchObject({
        refunded: true,
        amount_refunded: refunded!.amountYen,
      });
    }
    // Its own event, arriving late, changes nothing: refunded once.
    await deliver(standIn.lastEvent('payment_intent.succeeded', paidMeanwhile!.providerPaymentId!));
    await stripeRun();
    expect((await paymentsOf(f.id))[0]).toMatchObject({ status: 'refunded' });
    const refunds = standIn.events.filter((event) => event.type === 'refund.created');
    expect(refunds).toHaveLength(4);
    // The voucher paid meanwhile was recorded paid (when its payment was learnt) before it was refunded.
    expect((await paymentsOf(f.id))[0]).toMatchObject({
      paidAt: expect.any(Date),
      refundedAt: expect.any(Date),
    });
    const [unpaidVoucher] = await paymentsOf(e.id);
    expect(unpaidVoucher).toMatchObject({ status: 'canceled' });
    expect(standIn.paymentIntent(unpaidVoucher!.providerPaymentId!)).toMatchObject({ status: 'canceled' });
    expect(await applicationOf(e.id)).toMatchObject({ status: 'refunded' });
  });

  it('lapses an unauthenticated win at the deadline (cancelled at Stripe), keeps one paid just before, marks chargebacks', async () => {
    const { presale, open } = await setUp('LIVE 2027 Stripe 期限');
    const [late, edge, plain] = await Promise.all([
      stripeFan('s-late-3ds', TEST_CARDS.authenticationRequired),
      stripeFan('s-edge-3ds', TEST_CARDS.authenticationRequired),
      stripeFan('s-disputed', TEST_CARDS.visa),
    ]);
    const [a, b, c] = [
      await apply(late!, presale, open, 'card', 1),
      await apply(edge!, presale, open, 'card', 1),
      await apply(plain!, presale, open, 'card', 1),
    ];
    await closeAndDrawDue(handle.db, at(-47));
    await stripeRun();
    const [[lateRow], [edgeRow], [plainRow]] = [
      await paymentsOf(a.id),
      await paymentsOf(b.id),
      await paymentsOf(c.id),
    ];
    // The second fan authenticates just before the deadline, and Stripe's event is lost on the way.
    standIn.authenticate(edgeRow!.providerPaymentId!);

    // At the deadline (two instances): the job cancels the waiting intent at Stripe and reads it back; the other
    // is found paid at Stripe and is paid, not lapsed.
    const after = new Date((await applicationOf(a.id)).paymentDueAt!.getTime() + 1000);
    await Promise.all([stripeRun(after), stripeRun(after)]);
    expect(await applicationOf(a.id)).toMatchObject({ status: 'lapsed' });
    expect(await paymentsOf(a.id)).toMatchObject([{ status: 'canceled' }]);
    expect(standIn.paymentIntent(lateRow!.providerPaymentId!)).toMatchObject({ status: 'canceled' });
    const canceled = standIn.events.filter(
      (event) =>
        event.type === 'payment_intent.canceled' &&
        (event.data as { object: { id: string } }).object.id === lateRow!.providerPaymentId,
    );
    expect(canceled).toHaveLength(1);
    expect(await noticesOf(late!.id, 'presale-lapsed')).toHaveLength(1);
    expect(await applicationOf(b.id)).toMatchObject({ status: 'paid' });
    expect(await noticesOf(edge!.id, 'presale-paid')).toHaveLength(1);
    expect(await noticesOf(edge!.id, 'presale-lapsed')).toHaveLength(0);

    // Chargebacks: Stripe's events, signed, each delivered twice: each payment marked once, the owner told at the
    // opening and at the decision (one lost, one won), the tickets paid all along.
    for (const [row, outcome] of [
      [edgeRow!, 'lost'],
      [plainRow!, 'won'],
    ] as const) {
      const disputeId = standIn.openDispute(row.providerPaymentId!);
      const deliverTwice = async (type: string) => {
        const event = standIn.lastEvent(type, disputeId);
        expect(await deliver(event)).toBe('applied');
        expect(await deliver(event)).toBe('duplicate');
      };
      await deliverTwice('charge.dispute.created');
      standIn.closeDispute(disputeId, outcome);
      await deliverTwice('charge.dispute.closed');
      const marks = await handle.db
        .select()
        .from(paymentDisputes)
        .where(eq(paymentDisputes.providerDisputeId, disputeId));
      expect(marks).toMatchObject([
        {
          oneOffPaymentId: row.id,
          purpose: 'presale',
          amountYen: 8_800,
          status: outcome,
          provider: 'stripe',
        },
      ]);
      const told = (await ownerMails()).filter((mail) => mail.deliveryKey.includes(disputeId));
      expect(told).toHaveLength(2);
      expect(told.map((mail) => mail.data)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ status: 'open', purpose: 'presale', amountYen: 8_800 }),
          expect.objectContaining({ status: outcome }),
        ]),
      );
    }
    for (const application of [b, c]) {
      expect(await applicationOf(application.id)).toMatchObject({ status: 'paid' });
      expect(await paymentsOf(application.id)).toMatchObject([{ status: 'paid' }]);
    }
  });
});
