import { describe, expect, it } from 'vitest';
import { receiptModelOf } from '@/features/billing/receipt-model';
import type { PaymentLine } from '@/features/billing/server/history';

const REGISTERED = { SERVICE_NAME: 'MIO FAMILY', INVOICE_REGISTRATION_NUMBER: 'T5011001099999' };
const UNREGISTERED = { SERVICE_NAME: 'PASSENGERS', INVOICE_REGISTRATION_NUMBER: null };

function payment(change: Partial<PaymentLine> = {}): PaymentLine & { receiptNumber: string } {
  return {
    id: 'pay_1',
    date: new Date('2026-11-25T03:00:00Z'),
    planName: '年額会員',
    amountYen: 5500,
    method: 'konbini',
    status: 'paid',
    periodStart: new Date('2026-11-25T03:00:00Z'),
    periodEnd: new Date('2027-11-25T03:00:00Z'),
    refundedAt: null,
    ...change,
    receiptNumber: 'R20261125-0123ABCD',
  };
}

describe('the receipt of a payment', () => {
  it('carries what a qualified invoice needs when the operator is registered', () => {
    const receipt = receiptModelOf({ config: REGISTERED, recipient: '佐倉 ミオ', payment: payment() });
    expect(receipt).toMatchObject({
      number: 'R20261125-0123ABCD',
      issuer: { name: 'MIO FAMILY', registrationNumber: 'T5011001099999' },
      recipient: '佐倉 ミオ',
      paidAt: new Date('2026-11-25T03:00:00Z'),
      description: 'MIO FAMILY 年額会員 会費',
      period: { start: new Date('2026-11-25T03:00:00Z'), end: new Date('2027-11-25T03:00:00Z') },
      ratePercent: 10,
      total: { amountYen: 5500, taxYen: 500 },
      refund: null,
    });
  });

  it('has no registration number to show when the operator is not registered', () => {
    const receipt = receiptModelOf({ config: UNREGISTERED, recipient: 'A', payment: payment() });
    expect(receipt.issuer).toEqual({ name: 'PASSENGERS', registrationNumber: null });
    // The tax inside the price is still told (it is in the price either way).
    expect(receipt.total).toEqual({ amountYen: 5500, taxYen: 500 });
  });

  it('rounds the tax down once over the receipt’s total', () => {
    const receipt = receiptModelOf({
      config: REGISTERED,
      recipient: 'A',
      payment: payment({ amountYen: 17_599 }),
    });
    expect(receipt.total).toEqual({ amountYen: 17_599, taxYen: 1599 }); // 1599.9 down
  });

  it('names a ticket payment without a membership period', () => {
    const receipt = receiptModelOf({
      config: REGISTERED,
      recipient: 'A',
      payment: payment({ planName: 'チケット代金（MIO LIVE 2026）', method: 'card', amountYen: 17_600 }),
    });
    expect(receipt).toMatchObject({
      description: 'MIO FAMILY チケット代金（MIO LIVE 2026）',
      period: null,
      total: { amountYen: 17_600, taxYen: 1600 },
    });
  });

  it('shows a refund with its date, amount, tax and what is left', () => {
    const refundedAt = new Date('2026-12-01T01:00:00Z');
    const receipt = receiptModelOf({
      config: REGISTERED,
      recipient: 'A',
      payment: payment({ status: 'refunded', refundedAt, amountYen: 17_600 }),
    });
    expect(receipt.total).toEqual({ amountYen: 17_600, taxYen: 1600 });
    expect(receipt.refund).toEqual({
      amountYen: 17_600,
      taxYen: 1600,
      refundedAt,
      net: { amountYen: 0, taxYen: 0 },
    });
  });

  it('keeps a refund whose date the provider does not report, saying so by null', () => {
    const receipt = receiptModelOf({
      config: UNREGISTERED,
      recipient: 'A',
      payment: payment({ status: 'refunded', method: 'card' }),
    });
    expect(receipt.refund).toMatchObject({ amountYen: 5500, refundedAt: null, net: { amountYen: 0 } });
  });
});
