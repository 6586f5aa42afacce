import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import type { PaymentDispute } from '@/features/billing/server/disputes';
import { KIND_LABELS } from '@/features/billing/staff/sales/model';
import { HandleDisputeForm } from './handle-dispute-form';

/** Card networks' reasons as Stripe names them, in Japanese; another reason shows as it came. */
const REASONS: Record<string, string> = {
  fraudulent: '不正利用',
  unrecognized: '身に覚えのない請求',
  duplicate: '二重請求',
  subscription_canceled: '解約後の請求',
  product_not_received: 'サービス未提供',
  product_unacceptable: 'サービスの不備',
  credit_not_processed: '返金未処理',
  general: 'その他',
};

const STATUS = {
  open: { label: '異議申し立て中', className: 'bg-error text-white' },
  won: { label: '却下（売上確定）', className: 'border border-line' },
  lost: { label: '認容（売上取消）', className: 'border-2 border-error text-error' },
} as const;

export function DisputeBadge({ status }: { status: PaymentDispute['status'] }) {
  const { label, className } = STATUS[status];
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${className}`}
      data-testid="dispute-badge"
    >
      {label}
    </span>
  );
}

/** The rule staff work by (docs/decisions/0047), said where they see a dispute. */
export const DISPUTE_RULE =
  'チャージバック（カード会員による異議申し立て）があっても、会員資格とチケットは自動では取り消しません。内容を確認し、必要な場合はスタッフが会員の詳細・先行の管理から対応してください。';

/** Who marked a dispute 対応済み, when, and what they did; or the form to do it, for those who may. */
function Handling({ dispute, canHandle }: { dispute: PaymentDispute; canHandle: boolean }) {
  if (dispute.handledAt) {
    return (
      <div data-testid="dispute-handled">
        <p className="font-bold">対応済み（{formatDateJa(dispute.handledAt)}）</p>
        <p className="break-words whitespace-pre-wrap">{dispute.handledNote}</p>
        <p className="text-xs text-ink/75">{dispute.handledBy}</p>
      </div>
    );
  }
  return canHandle ? <HandleDisputeForm id={dispute.id} /> : <span>未対応</span>;
}

/**
 * A site's or a member's chargebacks: when, what, how much, why, where the card company stands and what staff did
 * (`canHandle`: the viewer may mark one 対応済み).
 */
export function DisputeList({
  disputes,
  showMember,
  canHandle,
}: {
  disputes: PaymentDispute[];
  showMember: boolean;
  canHandle: boolean;
}) {
  return (
    <div
      className="max-w-full overflow-x-auto rounded-md border border-line"
      role="region"
      tabIndex={0}
      aria-label="異議申し立ての一覧"
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm" data-testid="dispute-list">
        <caption className="sr-only">異議申し立ての一覧（新しい順）</caption>
        <thead className="bg-surface-sub text-left">
          <tr>
            {[
              '申し立て日',
              '対象',
              ...(showMember ? ['会員'] : []),
              '金額（税込）',
              '理由',
              '状態',
              '対応',
            ].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {disputes.map((dispute) => (
            <tr key={dispute.id} className="border-t border-line" data-dispute-status={dispute.status}>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateJa(dispute.openedAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {dispute.purpose === 'resale' ? 'リセール' : KIND_LABELS[dispute.purpose]}
              </td>
              {showMember && (
                <td className="px-3 py-2">
                  {dispute.memberId ? (
                    <Link
                      href={paths.staff.member(dispute.memberId)}
                      className="underline underline-offset-4"
                    >
                      会員の詳細
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              )}
              <td className="px-3 py-2 tabular-nums">{yen(dispute.amountYen)}</td>
              <td className="px-3 py-2">{REASONS[dispute.reason] ?? dispute.reason}</td>
              <td className="px-3 py-2">
                <DisputeBadge status={dispute.status} />
              </td>
              <td className="min-w-48 px-3 py-2">
                <Handling dispute={dispute} canHandle={canHandle} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
