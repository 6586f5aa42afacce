/** A konbini voucher as the browser is told it (dates as ISO strings; nothing the fan may not see). */
export interface VoucherView {
  id: string;
  status: 'issuing' | 'pending' | 'paid' | 'expired' | 'canceled' | 'failed' | 'refunded';
  amountYen: number;
  paymentNumber: string | null;
  confirmationNumber: string | null;
  expiresAt: string | null;
  periodEnd: string | null;
}

export function voucherView(row: {
  id: string;
  status: VoucherView['status'];
  amountYen: number;
  paymentNumber: string | null;
  confirmationNumber: string | null;
  expiresAt: Date | null;
  periodEnd: Date | null;
}): VoucherView {
  return {
    id: row.id,
    status: row.status,
    amountYen: row.amountYen,
    paymentNumber: row.paymentNumber,
    confirmationNumber: row.confirmationNumber,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
  };
}
