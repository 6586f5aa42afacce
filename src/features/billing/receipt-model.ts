import type { SiteConfig } from '@/features/site';
import type { PaymentLine } from '@/features/billing/server/history';
import { consumptionTaxOf, TAX_RATE_PERCENT } from '@/features/billing/receipt';

/** An amount for the one tax rate, tax included, with the consumption tax inside it. */
export interface TaxedAmount {
  amountYen: number;
  taxYen: number;
}

/**
 * What a receipt says, as the invoice system (適格請求書, 消費税法 57条の4) lists it: the issuer and its registration
 * number, the date, what was bought, the amount per tax rate with the rate and its tax, and the recipient. A refunded
 * payment's receipt also carries what a 適格返還請求書 needs: the refund's date, amount and tax, and what is left.
 */
export interface ReceiptModel {
  number: string;
  issuer: {
    name: string;
    /** Null: the operator is not a registered issuer, and the receipt must say it is no qualified invoice. */
    registrationNumber: string | null;
  };
  recipient: string;
  paidAt: Date;
  method: PaymentLine['method'];
  /** What was bought ("… 年額会員 会費", "… チケット代金（…）") and the membership period it pays for. */
  description: string;
  period: { start: Date; end: Date } | null;
  ratePercent: number;
  total: TaxedAmount;
  refund: (TaxedAmount & { refundedAt: Date | null; net: TaxedAmount }) | null;
}

const taxed = (amountYen: number): TaxedAmount => ({ amountYen, taxYen: consumptionTaxOf(amountYen) });

/**
 * The receipt of one paid or refunded payment. Refunds are whole here (a cancelled event's ticket, a charge that
 * could not be used), so the refund is the payment's amount; the net's tax is the total's less the refund's, each
 * rounded once, so the three lines add up.
 */
export function receiptModelOf(input: {
  config: Pick<SiteConfig, 'SERVICE_NAME' | 'INVOICE_REGISTRATION_NUMBER'>;
  recipient: string;
  payment: PaymentLine & { receiptNumber: string };
}): ReceiptModel {
  const { config, payment } = input;
  const total = taxed(payment.amountYen);
  const ticket = payment.planName.startsWith('チケット代金');
  const refund = payment.status === 'refunded' ? taxed(payment.amountYen) : null;
  return {
    number: payment.receiptNumber,
    issuer: { name: config.SERVICE_NAME, registrationNumber: config.INVOICE_REGISTRATION_NUMBER },
    recipient: input.recipient,
    paidAt: payment.date,
    method: payment.method,
    description: `${config.SERVICE_NAME} ${payment.planName}${ticket ? '' : ' 会費'}`,
    period:
      !ticket && payment.periodStart && payment.periodEnd
        ? { start: payment.periodStart, end: payment.periodEnd }
        : null,
    ratePercent: TAX_RATE_PERCENT,
    total,
    refund: refund && {
      ...refund,
      refundedAt: payment.refundedAt,
      net: { amountYen: total.amountYen - refund.amountYen, taxYen: total.taxYen - refund.taxYen },
    },
  };
}
