import type postgres from 'postgres';
import type { Fan, FanContext } from './fans';
import { audit, chargeWithoutMembership, type Ledger } from './ledger';
import { subscribe, type FanPayment, type Pay } from './payments';
import type { Scenario } from './report';

/**
 * The payment provider's side of a payment round: how a fan pays, how a write half-done is seen, and how the
 * provider's books are read into the ledger. The sandbox's is here; Stripe's (`--provider stripe`, the stand-in of
 * Stripe's API) is in scripts/faults/stripe.ts.
 */
export interface PaymentSide {
  provider: 'sandbox' | 'stripe';
  /** One press of the payment button by the fan, through to the answer that says paid (or stopped it). */
  pay: Pay;
  /** How long the fault waits at most for a write half-done (or a first answer) before it strikes anyway. */
  strikeWithinMs: number;
  /** Whether one of these fans is charged at the provider but has no subscription row yet. */
  halfDone(uids: string[]): Promise<boolean>;
  /** The round's ledger, once everything the provider still owes the app has arrived. */
  audit(payments: FanPayment[]): Promise<Ledger>;
  /** The provider's own checks of the round (Stripe: webhooks delivered, its contract kept). */
  report(s: Scenario): void;
  /** Anything the provider keeps running between rounds. */
  close(): Promise<void>;
}

export function sandboxSide(sql: postgres.Sql, siteId: string, fans: FanContext): PaymentSide {
  return {
    provider: 'sandbox',
    pay: (fan: Fan) => subscribe(fans, fan),
    strikeWithinMs: 1_000,
    halfDone: (uids) => chargeWithoutMembership(sql, siteId, uids),
    audit: (payments) => audit(sql, siteId, payments),
    report: () => {},
    close: async () => {},
  };
}
