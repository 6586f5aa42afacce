import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { unreadCount } from '@/features/notices/server/inbox';

/** My page's entry to お知らせ, with the number of unread notices. */
export async function NoticesLink({ siteId, memberId }: { siteId: string; memberId: string }) {
  const unread = await unreadCount(await getDb(), siteId, memberId);
  return (
    <Link
      href={paths.notices()}
      className="flex min-h-14 items-center justify-between rounded-lg border border-line px-6 py-3 font-bold hover:bg-surface-sub"
      data-testid="notices-link"
    >
      <span>お知らせ</span>
      {unread > 0 ? (
        <span className="rounded-full bg-live px-3 py-0.5 text-sm font-bold text-on-live">
          未読 {unread}件
        </span>
      ) : (
        <span className="text-sm font-normal text-ink/75">未読はありません</span>
      )}
    </Link>
  );
}
