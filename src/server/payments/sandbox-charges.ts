import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sandboxCharges, sandboxCustomers, sandboxKonbiniPayments } from '@/server/db/schema';
import { CardError } from '@/server/payments/types';

/**
 * The sandbox's one-off charges of a saved card (Stripe: an off-session PaymentIntent with an idempotency key) and
 * refunds of one-off payments. Stripe's test card 4000 0000 0000 0341 attaches to a customer but every charge of it
 * fails; the sandbox keeps only a card's last four digits, and among the test cards it accepts only that one ends in
 * 0341, so a saved card ending in 0341 is refused here as Stripe refuses it.
 */
export const FAILS_AFTER_ATTACH_LAST4 = '0341';

const idOf = (attemptId: string) => `pi_sb_card_${attemptId.replaceAll('-', '')}`;

export function sandboxCardCharges(db: Db, now: (siteId: string) => Promise<Date>) {
  return {
    async chargeSavedCard(input: {
      siteId: string;
      customerId: string;
      amountYen: number;
      attemptId: string;
    }): Promise<{ providerPaymentId: string; paidAt: Date }> {
      const id = idOf(input.attemptId);
      const answer = (row: typeof sandboxCharges.$inferSelect) => {
        if (row.status === 'failed') throw new CardError('card_declined', row.failureCode);
        return { providerPaymentId: row.id, paidAt: row.createdAt };
      };
      // The same attempt again (a retry, a crash, a second instance): what the first call did, nothing more.
      const [done] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
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
      await db
        .insert(sandboxCharges)
        .values({
          id,
          siteId: input.siteId,
          customerId: input.customerId,
          attemptId: input.attemptId,
          amountYen: input.amountYen,
          status: refused ? 'failed' : 'succeeded',
          failureCode: refused,
          createdAt: at,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
      return answer(row!);
    },

    /** A card charge or a paid konbini payment, refunded once (the refund time is kept). */
    async refundOneOff(providerPaymentId: string, siteId: string): Promise<void> {
      const at = await now(siteId);
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
