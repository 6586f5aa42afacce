import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { formatDateJa } from '@/lib/dates';
import type { StaffActor } from '@/features/staff';
import { recentAnnouncements } from '@/features/notices/server/announce';
import { AnnouncementForm } from './announcement-form';

const AUDIENCE = { all: 'すべての会員', premium: 'プレミアム会員' } as const;

/** Owners and editors: a new announcement, and the last ones sent with their number of recipients. */
export async function AnnouncementsPage({ actor }: { actor: StaffActor }) {
  const sent = await recentAnnouncements(await getDb(), actor);
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>お知らせ配信</PageHeading>
      <p className="text-sm">
        会員のマイページ「お知らせ」に届き、メールでも送られます（メールを受け取らない設定の会員には、マイページのみ）。
      </p>
      <AnnouncementForm />
      <section aria-labelledby="sent-heading" className="flex flex-col gap-3">
        <h2 id="sent-heading" className="text-lg font-bold">
          送信済み
        </h2>
        {sent.length === 0 ? (
          <p className="text-sm">まだ送信していません。</p>
        ) : (
          <ul
            className="divide-y divide-line rounded-lg border border-line text-sm"
            data-testid="sent-announcements"
          >
            {sent.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <span className="font-bold">{item.subject}</span>
                <span>
                  {formatDateJa(item.createdAt)}・{AUDIENCE[item.audience]}・
                  {item.recipients.toLocaleString('ja-JP')}人
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
