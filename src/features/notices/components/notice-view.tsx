import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { InboxNotice } from '@/features/notices/server/inbox';

/** One notice as the mail says it; text only (React escapes it). */
export function NoticeView({ notice }: { notice: InboxNotice }) {
  const { content } = notice;
  return (
    <article className="flex flex-col gap-4 rounded-lg border border-line p-6">
      <h2 className="text-lg font-bold">{content.subject}</h2>
      <time className="text-xs text-ink-secondary" dateTime={notice.createdAt.toISOString()}>
        {formatDateJa(notice.createdAt)}
      </time>
      {content.paragraphs.map((paragraph, index) => (
        <p key={index} className="leading-relaxed whitespace-pre-wrap">
          {paragraph}
        </p>
      ))}
      {content.action && (
        <Link href={content.action.path} className={buttonClass('primary', 'self-start')}>
          {content.action.label}
        </Link>
      )}
      <Link href={paths.notices()} className="text-sm underline underline-offset-4">
        お知らせ一覧へ戻る
      </Link>
    </article>
  );
}
