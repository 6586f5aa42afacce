import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { formatInJapan } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { StaffActor } from '@/features/staff';
import { staffThreads } from '@/features/support/server/threads';
import { STATUS_LABELS, SUBJECT_LABELS } from '@/features/support/types';

/** お問い合わせ (owner, support): the site's threads, those waiting for an answer first. */
export async function SupportListPage({ actor }: { actor: StaffActor }) {
  const threads = await staffThreads(await getDb(), actor);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>お問い合わせ</PageHeading>
      {threads.length === 0 ? (
        <p className="rounded-lg border border-line p-6 text-sm">お問い合わせはまだありません。</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-lg border border-line"
          data-testid="support-list"
        >
          {threads.map((thread) => (
            <li key={thread.id} className="flex flex-col gap-2 p-4 text-sm sm:flex-row sm:items-center">
              <span
                className={`self-start rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap ${
                  thread.status === 'open' ? 'bg-error text-white' : 'bg-surface-sub'
                }`}
              >
                {STATUS_LABELS[thread.status]}
              </span>
              <Link
                href={paths.staff.supportThread(thread.id)}
                className="font-bold underline underline-offset-4 sm:flex-1"
              >
                {SUBJECT_LABELS[thread.subject]}：{thread.paymentLabel ?? thread.ticketLabel ?? 'その他'}
              </Link>
              <span className="text-ink/75">
                会員番号 {thread.memberNumber ?? '—'}
                {thread.nickname ? `（${thread.nickname}）` : ''}
              </span>
              <Link href={paths.staff.member(thread.memberId)} className="underline underline-offset-4">
                会員の詳細
              </Link>
              <time className="text-ink/75 tabular-nums" dateTime={thread.lastMessageAt}>
                {formatInJapan(thread.lastMessageAt, 'MM/dd HH:mm')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
