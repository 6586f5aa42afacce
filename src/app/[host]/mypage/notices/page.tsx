import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { HostParams } from '@/features/site';
import { requireJoinedMember } from '@/features/membership/app';
import { listInbox } from '@/features/notices/server';
import { InboxList } from '@/features/notices/ui';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'お知らせ', robots: { index: false } };

export default async function NoticesRoute({ params }: HostParams) {
  const { site, member } = await requireJoinedMember(params, paths.notices());
  const notices = await listInbox(await getDb(), { id: site.id, name: site.config.SERVICE_NAME }, member.id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>お知らせ</PageHeading>
      <InboxList notices={notices} />
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href={paths.noticeSettings()} className="underline underline-offset-4">
          メールの受信設定
        </Link>
        <Link href={paths.myPage()} className="underline underline-offset-4">
          マイページへ戻る
        </Link>
      </p>
    </div>
  );
}
