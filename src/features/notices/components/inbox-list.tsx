import { Link } from '@/components/ui/link';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { InboxNotice } from '@/features/notices/server/inbox';

/** The member's お知らせ, newest first; an unread one is marked (a dot and 「未読」 for screen readers). */
export function InboxList({ notices }: { notices: InboxNotice[] }) {
  if (notices.length === 0) {
    return <p className="rounded-lg border border-line p-6 text-sm">お知らせはまだありません。</p>;
  }
  return (
    <ul className="divide-y divide-line rounded-lg border border-line" data-testid="inbox">
      {notices.map((notice) => (
        <li key={notice.id}>
          <Link
            href={paths.notice(notice.id)}
            className="flex min-h-14 items-start gap-3 px-4 py-3 hover:bg-surface-sub"
            data-unread={notice.read ? undefined : 'true'}
          >
            <span
              aria-hidden="true"
              className={`mt-2 size-2 shrink-0 rounded-full ${notice.read ? '' : 'bg-tertiary'}`}
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className={notice.read ? '' : 'font-bold'}>
                {!notice.read && <span className="sr-only">未読: </span>}
                {notice.content.subject}
              </span>
              <time className="text-xs text-ink-secondary" dateTime={notice.createdAt.toISOString()}>
                {formatDateJa(notice.createdAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
