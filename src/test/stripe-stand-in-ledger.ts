import { Books, newId, type InvoiceRecord, type StandInCard } from '@/test/stripe-stand-in-books';
import {
  renderBalanceTransaction,
  renderCharge,
  renderDispute,
  renderIntent,
  renderRefund,
  type BalanceRecord,
  type ChargeRecord,
  type DisputeRecord,
  type IntentRecord,
  type KonbiniVoucher,
  type RefundRecord,
} from '@/test/stripe-stand-in-money';
import { missing, type Json, type JsonObject } from '@/test/stripe-stand-in-wire';

export type { IntentRecord } from '@/test/stripe-stand-in-money';

/**
 * The money side of the stand-in's books: PaymentIntents (card and konbini), their charges, refunds, disputes and
 * the balance transactions that carry Stripe's fees (records and rendering: stripe-stand-in-money.ts).
 */

/** Stripe Japan's standard pricing: 3.6% a card charge; konbini 3.6% (at least ¥120). Yen has no minor unit. */
export function stripeFee(method: 'card' | 'konbini', amount: number): number {
  const fee = Math.round(amount * 0.036);
  return method === 'konbini' ? Math.max(120, fee) : fee;
}

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export class Ledger extends Books {
  readonly intents = new Map<string, IntentRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly balance = new Map<string, BalanceRecord>();
  readonly disputes = new Map<string, DisputeRecord>();

  /** Stripe's voucher: one payment code (and 確認番号) for every chain, payable until 23:59:59 JST of the last day. */
  voucher(days: number): KonbiniVoucher {
    const JST = 9 * 3600;
    const lastDay = Math.floor((this.now() + JST) / 86_400) + days;
    return {
      expiresAt: (lastDay + 1) * 86_400 - JST - 1,
      paymentCode: digits(11),
      confirmationNumber: digits(6),
    };
  }

  private book(amount: number, fee: number, type: BalanceRecord['type'], source: string): string {
    const category = type === 'refund' ? 'refund' : type === 'adjustment' ? 'dispute' : 'charge';
    const record: BalanceRecord = {
      id: newId('txn'),
      amount,
      fee,
      type,
      reportingCategory: category,
      source,
      created: this.now(),
    };
    this.balance.set(record.id, record);
    return record.id;
  }

  /** The money arrives (a card charged, a voucher paid at the store): a charge with its fee, the intent succeeded. */
  succeed(intent: IntentRecord, card: StandInCard | null): ChargeRecord {
    const id = newId('ch');
    const charge: ChargeRecord = {
      id,
      intent: intent.id,
      customer: intent.customer,
      amount: intent.amount,
      amountRefunded: 0,
      method: intent.method,
      card,
      paymentMethod: intent.paymentMethod,
      balanceTransaction: this.book(
        intent.amount,
        stripeFee(intent.method, intent.amount),
        intent.method === 'card' ? 'charge' : 'payment',
        id,
      ),
      failure: null,
      disputed: false,
      refunds: [],
      created: this.now(),
    };
    this.charges.set(id, charge);
    intent.status = 'succeeded';
    intent.latestCharge = id;
    intent.lastError = null;
    intent.needsAuthentication = false;
    return charge;
  }

  /** A declined attempt: a failed charge (no money, no balance transaction), the intent's latest charge. */
  decline(
    intent: IntentRecord,
    card: StandInCard,
    failure: NonNullable<ChargeRecord['failure']>,
  ): ChargeRecord {
    const charge: ChargeRecord = {
      id: newId('ch'),
      intent: intent.id,
      customer: intent.customer,
      amount: intent.amount,
      amountRefunded: 0,
      method: intent.method,
      card,
      paymentMethod: intent.paymentMethod,
      balanceTransaction: null,
      failure,
      disputed: false,
      refunds: [],
      created: this.now(),
    };
    this.charges.set(charge.id, charge);
    intent.latestCharge = charge.id;
    return charge;
  }

  recordRefund(
    charge: ChargeRecord,
    amount: number,
    reason: string | null,
    metadata: Record<string, string>,
  ) {
    const id = newId('re');
    const refund: RefundRecord = {
      id,
      charge: charge.id,
      intent: charge.intent,
      amount,
      reason,
      metadata,
      // Stripe keeps its fee on a refund (Japan): the refund's balance transaction gives back the amount only.
      balanceTransaction: this.book(-amount, 0, 'refund', id),
      created: this.now(),
    };
    this.refunds.set(id, refund);
    charge.amountRefunded += amount;
    charge.refunds.push(id);
    return refund;
  }

  recordDispute(charge: ChargeRecord, reason: string): DisputeRecord {
    const id = newId('du');
    const dispute: DisputeRecord = {
      id,
      charge: charge.id,
      intent: charge.intent,
      amount: charge.amount - charge.amountRefunded,
      reason,
      status: 'needs_response',
      // The disputed amount leaves the balance with Stripe's dispute fee (¥1,500 in Japan).
      balanceTransactions: [this.book(-(charge.amount - charge.amountRefunded), 1500, 'adjustment', id)],
      created: this.now(),
    };
    this.disputes.set(id, dispute);
    charge.disputed = true;
    return dispute;
  }

  /** The card company decides: won gives the disputed amount back (the fee stays with Stripe), lost keeps it out. */
  closeDispute(dispute: DisputeRecord, outcome: 'won' | 'lost'): void {
    if (dispute.status !== 'needs_response')
      throw new Error(`dispute ${dispute.id} is already ${dispute.status}`);
    dispute.status = outcome;
    if (outcome === 'won')
      dispute.balanceTransactions.push(this.book(dispute.amount, 0, 'adjustment', dispute.id));
  }

  intent = (i: IntentRecord): JsonObject => renderIntent(i);
  charge = (c: ChargeRecord): JsonObject =>
    renderCharge(
      c,
      this.intents.get(c.intent),
      c.refunds.map((id) => this.get(this.refunds, 'refund', id)),
    );
  refund = (r: RefundRecord): JsonObject => renderRefund(r);
  balanceTransaction = (b: BalanceRecord): JsonObject => renderBalanceTransaction(b);
  dispute = (d: DisputeRecord): JsonObject =>
    renderDispute(
      d,
      d.balanceTransactions.map((id) => this.get(this.balance, 'balance_transaction', id)),
    );

  /** An invoice paid by card: its PaymentIntent (succeeded) and charge, as Stripe makes them for a subscription. */
  payInvoice(invoice: InvoiceRecord, card: StandInCard, paymentMethod: string | null): void {
    const intent = this.newIntent({
      amount: invoice.amount,
      customer: invoice.customer,
      description: 'Subscription update',
      method: 'card',
      paymentMethod,
      invoice: invoice.id,
    });
    this.succeed(intent, card);
    invoice.paymentIntent = intent.id;
  }

  newIntent(
    fields: Pick<IntentRecord, 'amount' | 'customer' | 'method'> & Partial<IntentRecord>,
  ): IntentRecord {
    const id = newId('pi');
    const intent: IntentRecord = {
      id,
      currency: 'jpy',
      description: null,
      metadata: {},
      status: 'requires_payment_method',
      paymentMethod: null,
      allowedTypes: null,
      invoice: null,
      clientSecret: `${id}_secret_${newId('s').slice(2)}`,
      created: this.now(),
      canceledAt: null,
      cancellationReason: null,
      latestCharge: null,
      konbini: null,
      konbiniDays: null,
      needsAuthentication: false,
      lastError: null,
      ...fields,
    };
    this.intents.set(id, intent);
    return intent;
  }

  /** Invoice payments (API 2025-03-31 on): an invoice's PaymentIntent, listed by GET /v1/invoice_payments. */
  invoicePayment(invoice: InvoiceRecord): JsonObject | null {
    if (!invoice.paymentIntent) return null;
    const intent = this.intentRecord(invoice.paymentIntent);
    return {
      id: `inpay_${invoice.id.slice(3)}`,
      object: 'invoice_payment',
      amount_paid: intent.status === 'succeeded' ? intent.amount : null,
      amount_requested: intent.amount,
      created: intent.created,
      currency: 'jpy',
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: intent.status === 'succeeded' ? 'paid' : 'open',
      status_transitions: {
        canceled_at: null,
        paid_at: intent.status === 'succeeded' ? intent.created : null,
      },
    };
  }

  override includable(owner: JsonObject, field: string): Json | undefined {
    if (owner.object === 'invoice' && field === 'payments' && typeof owner.id === 'string') {
      const invoice = this.get(this.invoices, 'invoice', owner.id);
      const payment = this.invoicePayment(invoice);
      return {
        object: 'list',
        data: payment ? [payment] : [],
        has_more: false,
        url: `/v1/invoices/${invoice.id}/payments`,
      };
    }
    return super.includable(owner, field);
  }

  intentRecord(id: string, param = 'id'): IntentRecord {
    const found = this.intents.get(id);
    if (!found) throw missing('payment_intent', id, param);
    return found;
  }

  override byId(id: string): JsonObject | undefined {
    const find = <T>(map: Map<string, T>, render: (record: T) => JsonObject) => {
      const record = map.get(id);
      return record ? render.call(this, record) : undefined;
    };
    return (
      super.byId(id) ??
      find(this.intents, this.intent) ??
      find(this.charges, this.charge) ??
      find(this.refunds, this.refund) ??
      find(this.balance, this.balanceTransaction) ??
      find(this.disputes, this.dispute)
    );
  }
}
