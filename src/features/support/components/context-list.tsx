import type { ReactNode } from 'react';
import type { SupportThreadView } from '@/features/support/types';

type Context = Pick<SupportThreadView, 'memberNumber' | 'planName' | 'fromPath' | 'ticketLabel'> & {
  site: string;
  /** The payment, as a label or (for staff) a link to it on the member's page. */
  payment: ReactNode | null;
};

/** What is sent with a question, shown to the fan before sending and to both sides after. */
export function ContextList({ context }: { context: Context }) {
  const rows: [string, ReactNode][] = [
    ['サイト', context.site],
    ['会員番号', context.memberNumber ?? '未発行'],
    ['プラン', context.planName ?? 'なし'],
  ];
  if (context.fromPath) rows.push(['お問い合わせ元のページ', context.fromPath]);
  if (context.payment) rows.push(['対象のお支払い', context.payment]);
  if (context.ticketLabel) rows.push(['対象のチケット', context.ticketLabel]);
  return (
    <dl
      className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-surface-sub p-4 text-sm sm:grid-cols-[auto_1fr]"
      data-testid="support-context"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-bold">{label}</dt>
          <dd className="mb-2 break-all sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
