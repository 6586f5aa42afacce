import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { formatYen } from '@/lib/yen';
import type { PaymentLine } from '@/features/billing/server/history';

const METHOD = { card: 'クレジットカード', konbini: 'コンビニ払い' } as const;
const STATUS = {
  paid: '支払い済み',
  failed: '失敗',
  refunded: '返金済み',
  pending: 'お支払い待ち',
  expired: '期限切れ',
} as const;

/** My page's payment history: every payment, with a receipt for each one paid (refunded ones too). */
export function PaymentHistory({
  lines,
  contact = false,
}: {
  lines: PaymentLine[];
  /** The site's in-club contact form is on: each payment offers 「お問い合わせ」 about it (decision 0053). */
  contact?: boolean;
}) {
  return (
    <section aria-labelledby="history-heading" className="rounded-lg border border-line p-6">
      <h2 id="history-heading" className="text-lg font-bold">
        お支払い履歴
      </h2>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm">お支払いの記録はまだありません。</p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-line text-sm" data-testid="payment-history">
          {lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-bold">
                  {formatDateJa(line.date)} {line.planName}
                </p>
                <p>
                  {formatYen(line.amountYen)}・{METHOD[line.method]}・{STATUS[line.status]}
                </p>
              </div>
              <span className="flex gap-4">
                {line.receiptNumber && (
                  <Link
                    href={paths.receipt(line.id)}
                    className="underline underline-offset-4"
                    aria-label={`${formatDateJa(line.date)}のお支払いの領収書`}
                  >
                    領収書
                  </Link>
                )}
                {contact && (
                  <Link
                    href={paths.contact({ payment: line.id, from: paths.myPage() })}
                    className="underline underline-offset-4"
                    aria-label={`${formatDateJa(line.date)}のお支払いについてお問い合わせ`}
                  >
                    お問い合わせ
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
