import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { requireJoinedMember } from '@/features/membership/app';
import { openNotice } from '@/features/notices/server';
import { NoticeView } from '@/features/notices/ui';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'お知らせ', robots: { index: false } };

type Props = { params: Promise<{ host: string; id: string }> };

/** One notice of the member's, marked read as it is opened; anyone else's is not found. */
export default async function NoticeRoute({ params }: Props) {
  const { id } = await params;
  const { site, member } = await requireJoinedMember(params, paths.notice(id));
  const notice = await openNotice(
    await getDb(),
    { id: site.id, name: site.config.SERVICE_NAME },
    member.id,
    id,
  );
  if (!notice) notFound();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>お知らせ</PageHeading>
      <NoticeView notice={notice} />
    </div>
  );
}
