import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { receiptModelOf } from '@/features/billing/receipt-model';
import type { PaymentLine } from '@/features/billing/server/history';
import { PrintButton } from '@/features/billing/components/print-button';
import { ReceiptIssuer, ReceiptRefund, yen } from '@/features/billing/components/receipt-parts';

const METHOD = { card: 'クレジットカード', konbini: 'コンビニ払い' } as const;

/** A 領収書 that prints on one A4 page by itself (globals.css: `.receipt-sheet` under print). */
export function Receipt({
  site,
  member,
  payment,
}: {
  site: Site;
  member: Member;
  payment: PaymentLine & { receiptNumber: string };
}) {
  const name = [member.familyName, member.givenName].filter(Boolean).join(' ') || member.nickname || '';
  const receipt = receiptModelOf({ config: site.config, recipient: name, payment });
  const { total } = receipt;
  const period = receipt.period
    ? `（${formatDateJa(receipt.period.start)}〜${formatDateJa(receipt.period.end)}）`
    : '';
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <article className="receipt-sheet rounded-lg border border-line bg-surface p-8" data-testid="receipt">
        <h1 className="text-center text-3xl font-bold tracking-[0.5em]">領収書</h1>
        <dl className="mt-6 flex flex-col items-end text-sm">
          <div className="flex gap-2">
            <dt>領収書番号</dt>
            <dd data-testid="receipt-number">{receipt.number}</dd>
          </div>
          <div className="flex gap-2">
            <dt>発行日</dt>
            <dd>{formatDateJa(new Date())}</dd>
          </div>
        </dl>
        <p className="mt-6 border-b border-ink pb-1 text-xl" data-testid="receipt-name">
          {receipt.recipient} 様
        </p>
        <p className="mt-8 text-center text-3xl font-bold" data-testid="receipt-amount">
          {yen(total.amountYen)}
          <span className="ml-2 text-base font-normal">（税込）</span>
        </p>
        <p className="mt-2 text-center text-sm" data-testid="receipt-tax">
          うち消費税等（{receipt.ratePercent}%対象） {yen(total.taxYen)}（税抜金額{' '}
          {yen(total.amountYen - total.taxYen)}）
        </p>
        <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-bold">但し</dt>
          <dd>
            {receipt.description}として{period}
          </dd>
          <dt className="font-bold">お支払い日</dt>
          <dd>{formatDateJa(receipt.paidAt)}</dd>
          <dt className="font-bold">お支払い方法</dt>
          <dd>{METHOD[receipt.method]}</dd>
        </dl>
        {receipt.refund && <ReceiptRefund refund={receipt.refund} ratePercent={receipt.ratePercent} />}
        <ReceiptIssuer issuer={receipt.issuer} />
      </article>
      <div className="mt-6 flex items-center justify-between print:hidden">
        <Link href={paths.myPage()} className="text-sm underline underline-offset-4">
          マイページへ戻る
        </Link>
        <PrintButton />
      </div>
    </div>
  );
}
