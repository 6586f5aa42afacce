import type { Metadata } from 'next';
import { PageHeading } from '@/components/ui/page-heading';
import { readUnsubscribeToken } from '@/features/notices/server';
import { UnsubscribeForm } from '@/features/notices/ui';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'メール配信の停止', robots: { index: false } };

const TOPIC_LABELS = {
  announcements: '運営からのお知らせ',
  reminders: '更新日のお知らせ',
  birthday: '誕生日のお祝い',
} as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Signed out, from a mail's link: shows what the token would turn off; the button does it (never the GET). */
export default async function UnsubscribeRoute({ searchParams }: Props) {
  const token = (await searchParams).token;
  const named = typeof token === 'string' ? readUnsubscribeToken(token) : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>メール配信の停止</PageHeading>
      {named && typeof token === 'string' ? (
        <UnsubscribeForm token={token} topicLabel={TOPIC_LABELS[named.topic]} />
      ) : (
        <p role="alert" className="rounded-lg border border-error p-6 font-bold text-error">
          配信停止のリンクが正しくありません。メールに記載のリンクをそのまま開いてください。
        </p>
      )}
    </div>
  );
}
