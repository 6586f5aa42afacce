import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { HostParams } from '@/features/site';
import { requireJoinedMember } from '@/features/membership/app';
import { readPreferences } from '@/features/notices/server';
import { PreferencesForm } from '@/features/notices/ui';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'メールの受信設定', robots: { index: false } };

export default async function NoticeSettingsRoute({ params }: HostParams) {
  const { site, member } = await requireJoinedMember(params, paths.noticeSettings());
  const preferences = await readPreferences(await getDb(), member.id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>メールの受信設定</PageHeading>
      <PreferencesForm initial={preferences} birthdays={site.config.BIRTHDAY.ENABLED} />
      <Link href={paths.notices()} className="text-sm underline underline-offset-4">
        お知らせへ戻る
      </Link>
    </div>
  );
}
