import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { memberThread } from '@/features/support/server/threads';
import { STATUS_LABELS, SUBJECT_LABELS } from '@/features/support/types';
import { ContextList } from './context-list';
import { MessageForm } from './message-form';
import { ThreadMessages } from './thread-messages';

/** The fan's thread on My page: what was sent with it, the messages and the club's answers, and a reply box. */
export async function ContactThreadPage({ site, member, id }: { site: Site; member: Member; id: string }) {
  const thread = await memberThread(await getDb(), member, id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>お問い合わせ</PageHeading>
      <p className="flex flex-wrap items-center gap-3 font-bold">
        {SUBJECT_LABELS[thread.subject]}のお問い合わせ
        <span className="rounded-full bg-surface-sub px-3 py-1 text-xs" data-testid="support-status">
          {STATUS_LABELS[thread.status]}
        </span>
      </p>
      <ContextList
        context={{
          site: site.config.SERVICE_NAME,
          memberNumber: thread.memberNumber,
          planName: thread.planName,
          fromPath: thread.fromPath,
          payment: thread.paymentLabel,
          ticketLabel: thread.ticketLabel,
        }}
      />
      <ThreadMessages messages={thread.messages} reader="member" />
      {site.config.CONTACT_FORM.enabled && (
        <MessageForm
          url={`/api/mypage/contact/${thread.id}`}
          label="返信する"
          submitLabel="返信を送る"
          done="返信を送りました。"
        />
      )}
      <Link href={paths.myPage()} className="text-sm underline underline-offset-4">
        マイページへ戻る
      </Link>
    </div>
  );
}
