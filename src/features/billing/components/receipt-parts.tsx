import { formatDateJa } from '@/lib/dates';
import type { ReceiptModel } from '@/features/billing/receipt-model';

const JA_NUMBER = new Intl.NumberFormat('ja-JP');

export const yen = (amount: number) => `¥${JA_NUMBER.format(amount)}`;

/**
 * The refund of a refunded payment: its date, amount and tax, and what is left, so that the receipt is also the
 * 適格返還請求書 a registered issuer owes for it.
 */
export function ReceiptRefund({
  refund,
  ratePercent,
}: {
  refund: NonNullable<ReceiptModel['refund']>;
  ratePercent: number;
}) {
  return (
    <dl
      className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-line pt-4 text-sm"
      data-testid="receipt-refund"
    >
      <dt className="font-bold">返金日</dt>
      <dd>{refund.refundedAt ? formatDateJa(refund.refundedAt) : '記録がありません'}</dd>
      <dt className="font-bold">返金</dt>
      <dd>
        −{yen(refund.amountYen)}（うち消費税等（{ratePercent}%対象） {yen(refund.taxYen)}）
      </dd>
      <dt className="font-bold">差引</dt>
      <dd>
        {yen(refund.net.amountYen)}（うち消費税等 {yen(refund.net.taxYen)}）
      </dd>
    </dl>
  );
}

/**
 * The issuer, with its registration number when it is a registered 適格請求書発行事業者; otherwise the receipt says
 * plainly that it is not a qualified invoice, so that nobody claims an input tax credit on it by mistake.
 */
export function ReceiptIssuer({ issuer }: { issuer: ReceiptModel['issuer'] }) {
  return (
    <div className="mt-10 text-right text-sm">
      <p>上記の金額を正に領収いたしました。</p>
      <p className="font-bold">{issuer.name}</p>
      {issuer.registrationNumber ? (
        <p data-testid="receipt-registration">登録番号 {issuer.registrationNumber}</p>
      ) : (
        <p className="mt-4 text-left" data-testid="receipt-not-qualified">
          この領収書は適格請求書ではありません（発行元は適格請求書発行事業者として登録されていません）。
        </p>
      )}
    </div>
  );
}
