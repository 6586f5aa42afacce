import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  sandboxCharges,
  sandboxCustomers,
  sandboxDisputes,
  sandboxEvents,
  sandboxInvoices,
} from '@/server/db/schema';
import { newSandboxId } from '@/server/payments/sandbox-ledger';
import type { DisputeState } from '@/server/payments/types';

type DisputeRow = typeof sandboxDisputes.$inferSelect;

function toDisputeState(row: DisputeRow): DisputeState {
  return {
    providerDisputeId: row.id,
    providerPaymentId: row.paymentId,
    customerId: row.customerId,
    amountYen: row.amountYen,
    reason: row.reason,
    providerStatus: row.status,
    status: row.status === 'won' || row.status === 'lost' ? row.status : 'open',
    openedAt: row.createdAt,
  };
}

async function recordDisputeEvent(tx: Db, type: string, disputeId: string, at: Date) {
  await tx.insert(sandboxEvents).values({ id: newSandboxId('evt'), type, disputeId, occurredAt: at });
}

/**
 * The sandbox's chargebacks (Stripe: Disputes, which a card holder opens at their bank): nobody opens one in the
 * sandbox but the tests and the demo's seed, through `openDispute`; `closeDispute` is the card company's decision.
 * Each change is one transaction with its event, delivered as Stripe's charge.dispute.* webhooks are.
 */
export function sandboxDisputeBook(db: Db, now: (siteId: string) => Promise<Date>) {
  const read = async (disputeId: string, within: Db = db): Promise<DisputeRow | undefined> =>
    (await within.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, disputeId)))[0];
  return {
    /** Opens a dispute of a paid card charge (pi_sb_card_…) or subscription invoice (in_sb_…), once per payment. */
    async openDispute(input: { paymentId: string; reason?: string }): Promise<DisputeState> {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, input.paymentId));
      const [invoice] = charge
        ? []
        : await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, input.paymentId));
      const paid = charge ?? invoice;
      if (!paid) throw new Error(`sandbox payment ${input.paymentId} does not exist`);
      const siteId = charge?.siteId ?? (await siteOfCustomer(db, paid.customerId));
      const at = await now(siteId);
      const id = `dp_sb_${input.paymentId.replace(/^(pi|in)_sb_(card_)?/, '')}`;
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxDisputes)
          .values({
            id,
            siteId,
            customerId: paid.customerId,
            paymentId: input.paymentId,
            amountYen: paid.amountYen,
            reason: input.reason ?? 'fraudulent',
            status: 'needs_response',
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: sandboxDisputes.id });
        if (created) await recordDisputeEvent(tx, 'charge.dispute.created', id, at);
      });
      return toDisputeState((await read(id))!);
    },

    /** The card company decides: won (the money stays with the club) or lost (it goes back to the card holder). */
    async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<DisputeState | null> {
      const row = await read(disputeId);
      if (!row) return null;
      const at = await now(row.siteId);
      await db.transaction(async (tx) => {
        const [closed] = await tx
          .update(sandboxDisputes)
          .set({ status: outcome, closedAt: at })
          .where(and(eq(sandboxDisputes.id, disputeId), eq(sandboxDisputes.status, 'needs_response')))
          .returning({ id: sandboxDisputes.id });
        if (closed) await recordDisputeEvent(tx, 'charge.dispute.closed', disputeId, at);
      });
      return toDisputeState((await read(disputeId))!);
    },

    async retrieveDispute(disputeId: string, within?: Db): Promise<DisputeState | null> {
      const row = await read(disputeId, within);
      return row ? toDisputeState(row) : null;
    },
  };
}

async function siteOfCustomer(db: Db, customerId: string): Promise<string> {
  const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
  if (!customer) throw new Error(`sandbox customer ${customerId} does not exist`);
  return customer.siteId;
}
