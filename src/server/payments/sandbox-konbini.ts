import 'server-only';
import { randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sandboxClocks, sandboxKonbiniPayments } from '@/server/db/schema';
import { recordPaymentEvent } from '@/server/payments/sandbox-ledger';
import type { KonbiniState } from '@/server/payments/types';
import { addJstDays, atJstTime } from '@/lib/dates';

/**
 * The sandbox's konbini payments, kept like Stripe's konbini PaymentIntents: a voucher with a payment number, a
 * confirmation number and a deadline at the end of the day (Japan time) `days` days on; paid at the till (here: a
 * sandbox control), or expired when the test clock passes the deadline. Each change is one transaction with its event.
 */
type Row = typeof sandboxKonbiniPayments.$inferSelect;

const idOf = (attemptId: string) => `pi_sb_${attemptId.replaceAll('-', '')}`;
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** 23:59:59 Japan time, `days` days after `at`'s date in Japan (Stripe's expires_after_days). */
export function konbiniDeadline(at: Date, days: number): Date {
  return atJstTime(addJstDays(at, days), 23, 59, 59);
}

function toKonbiniState(row: Row, now: Date): KonbiniState {
  const expired = row.status === 'canceled' || (row.status === 'requires_action' && row.expiresAt <= now);
  return {
    providerPaymentId: row.id,
    siteId: row.siteId,
    memberId: row.memberId,
    attemptId: row.attemptId,
    amountYen: row.amountYen,
    status: row.status === 'succeeded' ? 'paid' : expired ? 'expired' : 'pending',
    paymentNumber: row.paymentNumber,
    confirmationNumber: row.confirmationNumber,
    expiresAt: row.expiresAt,
    paidAt: row.paidAt,
  };
}

/** One payment read with its site's test clock, in one statement (inside a transaction: no second connection). */
export async function readKonbini(db: Db, id: string): Promise<KonbiniState | null> {
  const [found] = await db
    .select({ row: sandboxKonbiniPayments, offsetMs: sandboxClocks.offsetMs })
    .from(sandboxKonbiniPayments)
    .leftJoin(sandboxClocks, eq(sandboxClocks.siteId, sandboxKonbiniPayments.siteId))
    .where(eq(sandboxKonbiniPayments.id, id));
  return found ? toKonbiniState(found.row, new Date(Date.now() + (found.offsetMs ?? 0))) : null;
}

export function sandboxKonbini(db: Db, now: (siteId: string) => Promise<Date>) {
  return {
    async issueKonbini(input: {
      siteId: string;
      memberId: string;
      amountYen: number;
      attemptId: string;
      days: number;
    }): Promise<KonbiniState> {
      const id = idOf(input.attemptId);
      const issued = await readKonbini(db, id);
      if (issued) return issued;
      const at = await now(input.siteId);
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxKonbiniPayments)
          .values({
            id,
            siteId: input.siteId,
            memberId: input.memberId,
            attemptId: input.attemptId,
            amountYen: input.amountYen,
            status: 'requires_action',
            paymentNumber: digits(11),
            confirmationNumber: digits(6),
            expiresAt: konbiniDeadline(at, input.days),
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning();
        if (created) await recordPaymentEvent(tx, 'payment_intent.requires_action', id, at);
      });
      return (await readKonbini(db, id))!;
    },

    retrieveKonbini: (paymentId: string, within?: Db) => readKonbini(within ?? db, paymentId),

    findKonbiniOfAttempt: (attemptId: string) => readKonbini(db, idOf(attemptId)),

    /** The fan paid at the till: once, and only before the deadline. Answers the payment as it is now. */
    async payKonbini(paymentId: string): Promise<KonbiniState | null> {
      const current = await readKonbini(db, paymentId);
      if (!current || current.status !== 'pending') return current;
      const at = await now(current.siteId);
      await db.transaction(async (tx) => {
        const [paid] = await tx
          .update(sandboxKonbiniPayments)
          .set({ status: 'succeeded', paidAt: at })
          .where(
            and(
              eq(sandboxKonbiniPayments.id, paymentId),
              eq(sandboxKonbiniPayments.status, 'requires_action'),
              gt(sandboxKonbiniPayments.expiresAt, at),
            ),
          )
          .returning({ id: sandboxKonbiniPayments.id });
        if (paid) await recordPaymentEvent(tx, 'payment_intent.succeeded', paymentId, at);
      });
      return readKonbini(db, paymentId);
    },

    /** Cancels a voucher not yet paid (the event was cancelled); a paid one stays paid. */
    async cancelKonbini(paymentId: string): Promise<KonbiniState | null> {
      const current = await readKonbini(db, paymentId);
      if (!current || current.status !== 'pending') return current;
      const at = await now(current.siteId);
      await db.transaction(async (tx) => {
        const [canceled] = await tx
          .update(sandboxKonbiniPayments)
          .set({ status: 'canceled' })
          .where(
            and(
              eq(sandboxKonbiniPayments.id, paymentId),
              eq(sandboxKonbiniPayments.status, 'requires_action'),
            ),
          )
          .returning({ id: sandboxKonbiniPayments.id });
        if (canceled) await recordPaymentEvent(tx, 'payment_intent.canceled', paymentId, at);
      });
      return readKonbini(db, paymentId);
    },

    /** The test clock passed deadlines: those vouchers are cancelled, each with its event. */
    async expireKonbini(siteId: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const expired = await tx
          .update(sandboxKonbiniPayments)
          .set({ status: 'canceled' })
          .where(
            and(
              eq(sandboxKonbiniPayments.siteId, siteId),
              eq(sandboxKonbiniPayments.status, 'requires_action'),
              lte(sandboxKonbiniPayments.expiresAt, at),
            ),
          )
          .returning({ id: sandboxKonbiniPayments.id });
        for (const { id } of expired) await recordPaymentEvent(tx, 'payment_intent.canceled', id, at);
      });
    },
  };
}
