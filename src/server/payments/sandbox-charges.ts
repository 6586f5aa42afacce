import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sandboxCharges, sandboxCustomers, sandboxKonbiniPayments, sandboxRefunds } from '@/server/db/schema';
import { CARD_CHARGE_PREFIX, recordPaymentEvent } from '@/server/payments/sandbox-ledger';
import { CardError, type CardChargeResult, type CardChargeState } from '@/server/payments/types';

/**
 * The sandbox's one-off charges of a saved card (Stripe: an off-session PaymentIntent with an idempotency key) and
 * refunds of one-off payments. The sandbox keeps only a card's last four digits, and among the test cards it accepts
 * only one ends in each of these, so a saved card is known by them:
 * - 4000 0000 0000 0341 attaches to a customer but every charge of it fails, as on Stripe;
 * - 4000 0027 6000 3184 attaches, but every off-session charge asks for 3-D Secure (Stripe's "always authenticate"
 *   card): the charge waits in `requires_action` until the fan authenticates it (`authenticateCharge`, the sandbox's
 *   stand-in for the card company's page) or it is cancelled at the deadline (docs/decisions/0047).
 */
export const FAILS_AFTER_ATTACH_LAST4 = '0341';
export const ALWAYS_AUTHENTICATE_LAST4 = '3184';

const idOf = (attemptId: string) => `${CARD_CHARGE_PREFIX}${attemptId.replaceAll('-', '')}`;
type ChargeRow = typeof sandboxCharges.$inferSelect;

function toCardChargeState(row: ChargeRow): CardChargeState {
  return {
    providerPaymentId: row.id,
    siteId: row.siteId,
    memberId: row.memberId ?? '',
    attemptId: row.attemptId,
    amountYen: row.amountYen,
    // A refunded charge was paid: the refund is the one-off payment's own business (refundOneOff).
    status: row.status === 'refunded' ? 'succeeded' : row.status,
    paidAt: row.paidAt ?? (row.status === 'succeeded' || row.status === 'refunded' ? row.createdAt : null),
    failureCode: row.failureCode,
    clientSecret: null,
    paymentMethodId: null,
  };
}

export function sandboxCardCharges(db: Db, now: (siteId: string) => Promise<Date>) {
  const read = async (id: string, within: Db = db) =>
    (await within.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)))[0];

  /** A waiting charge moves once, with the event that reports it (one transaction, as the ledger's changes). */
  async function settleWaiting(id: string, to: 'succeeded' | 'canceled', event: string) {
    const row = await read(id);
    if (!row) return null;
    const at = await now(row.siteId);
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxCharges)
        .set({ status: to, ...(to === 'succeeded' ? { paidAt: at, failureCode: null } : {}) })
        .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'requires_action')))
        .returning({ id: sandboxCharges.id });
      if (moved) await recordPaymentEvent(tx, event, id, at);
    });
    return toCardChargeState((await read(id))!);
  }

  return {
    async chargeSavedCard(input: {
      siteId: string;
      memberId: string;
      customerId: string;
      amountYen: number;
      attemptId: string;
    }): Promise<CardChargeResult> {
      const id = idOf(input.attemptId);
      const answer = (row: ChargeRow): CardChargeResult => {
        if (row.status === 'failed') throw new CardError('card_declined', row.failureCode);
        if (row.status === 'requires_action' || row.status === 'canceled')
          return { status: 'requires_action', providerPaymentId: row.id };
        return { status: 'paid', providerPaymentId: row.id, paidAt: row.paidAt ?? row.createdAt };
      };
      // The same attempt again (a retry, a crash, a second instance): what the first call did, nothing more.
      const done = await read(id);
      if (done) return answer(done);
      const [customer] = await db
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, input.customerId));
      const at = await now(input.siteId);
      const refused = !customer?.cardLast4
        ? 'no_card'
        : customer.cardLast4 === FAILS_AFTER_ATTACH_LAST4
          ? 'generic_decline'
          : null;
      const authenticate = !refused && customer?.cardLast4 === ALWAYS_AUTHENTICATE_LAST4;
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxCharges)
          .values({
            id,
            siteId: input.siteId,
            memberId: input.memberId,
            customerId: input.customerId,
            attemptId: input.attemptId,
            amountYen: input.amountYen,
            status: refused ? 'failed' : authenticate ? 'requires_action' : 'succeeded',
            failureCode: refused ?? (authenticate ? 'authentication_required' : null),
            paidAt: refused || authenticate ? null : at,
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: sandboxCharges.id });
        if (created && authenticate) await recordPaymentEvent(tx, 'payment_intent.requires_action', id, at);
      });
      return answer((await read(id))!);
    },

    retrieveCardCharge: async (id: string, within?: Db) => {
      const row = await read(id, within);
      return row ? toCardChargeState(row) : null;
    },

    cancelCardCharge: (id: string) => settleWaiting(id, 'canceled', 'payment_intent.canceled'),

    /**
     * The fan's answer on the card company's page: approved, the charge is paid (once); refused, it keeps waiting
     * (the fan may try again until the deadline, as on Stripe) and the refusal is reported.
     */
    async authenticateCharge(id: string, approve: boolean): Promise<CardChargeState | null> {
      if (approve) return settleWaiting(id, 'succeeded', 'payment_intent.succeeded');
      const row = await read(id);
      if (!row) return null;
      if (row.status === 'requires_action') {
        const at = await now(row.siteId);
        await db.transaction((tx) => recordPaymentEvent(tx, 'payment_intent.payment_failed', id, at));
      }
      return toCardChargeState(row);
    },

    /** Part of a paid one-off payment given back, once per key (the sandbox keeps the refund as a row). */
    async refundOneOffPart(input: {
      providerPaymentId: string;
      siteId: string;
      amountYen: number;
      key: string;
    }): Promise<void> {
      const at = await now(input.siteId);
      const [whole] = await db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.id, `whole-${input.providerPaymentId}`));
      // Stripe refuses a refund of a payment already given back whole.
      if (whole) throw new Error(`sandbox: ${input.providerPaymentId} is already refunded`);
      await db
        .insert(sandboxRefunds)
        .values({
          id: input.key,
          providerPaymentId: input.providerPaymentId,
          siteId: input.siteId,
          amountYen: input.amountYen,
          createdAt: at,
        })
        .onConflictDoNothing();
    },

    /**
     * A card charge or a paid konbini payment, refunded once (the refund time is kept). Like Stripe's refund without
     * an amount, it gives back what is left: the charge less its partial refunds, kept as a refund row of its own.
     */
    async refundOneOff(providerPaymentId: string, siteId: string): Promise<void> {
      const at = await now(siteId);
      const [charge] = await db
        .select({ amountYen: sandboxCharges.amountYen })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, providerPaymentId));
      const [konbini] = await db
        .select({ amountYen: sandboxKonbiniPayments.amountYen })
        .from(sandboxKonbiniPayments)
        .where(eq(sandboxKonbiniPayments.id, providerPaymentId));
      const amountYen = charge?.amountYen ?? konbini?.amountYen;
      if (amountYen !== undefined) {
        const key = `whole-${providerPaymentId}`;
        const [given] = await db
          .select({ yen: sql<number>`coalesce(sum(${sandboxRefunds.amountYen}), 0)::int` })
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.providerPaymentId, providerPaymentId), ne(sandboxRefunds.id, key)));
        await db
          .insert(sandboxRefunds)
          .values({
            id: key,
            providerPaymentId,
            siteId,
            amountYen: Math.max(0, amountYen - (given?.yen ?? 0)),
            createdAt: at,
          })
          .onConflictDoNothing();
      }
      await db
        .update(sandboxCharges)
        .set({ status: 'refunded', refundedAt: at })
        .where(and(eq(sandboxCharges.id, providerPaymentId), eq(sandboxCharges.status, 'succeeded')));
      await db
        .update(sandboxKonbiniPayments)
        .set({ refundedAt: at })
        .where(
          and(
            eq(sandboxKonbiniPayments.id, providerPaymentId),
            eq(sandboxKonbiniPayments.status, 'succeeded'),
            isNull(sandboxKonbiniPayments.refundedAt),
          ),
        );
    },
  };
}
