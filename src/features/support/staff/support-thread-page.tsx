import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { StaffActor } from '@/features/staff';
import { staffThread } from '@/features/support/server/threads';
import { STATUS_LABELS, SUBJECT_LABELS } from '@/features/support/types';
import { ContextList } from '@/features/support/components/context-list';
import { MessageForm } from '@/features/support/components/message-form';
import { ThreadMessages } from '@/features/support/components/thread-messages';

/** One fan's question for support: its context (the member's page and the payment one click away) and the answer box. */
export async function SupportThreadPage({ actor, site, id }: { actor: StaffActor; site: Site; id: string }) {
  const thread = await staffThread(await getDb(), actor, id);
  const memberPage = paths.staff.member(thread.memberId);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading>お問い合わせ</PageHeading>
      <p className="flex flex-wrap items-center gap-3 font-bold">
        {SUBJECT_LABELS[thread.subject]}のお問い合わせ
        <span className="rounded-full bg-surface-sub px-3 py-1 text-xs" data-testid="support-status">
          {STATUS_LABELS[thread.status]}
        </span>
        <Link
          href={memberPage}
          className="text-sm underline underline-offset-4"
          data-testid="support-member-link"
        >
          会員の詳細を開く（{thread.nickname ?? '会員'}）
        </Link>
      </p>
      <ContextList
        context={{
          site: site.config.SERVICE_NAME,
          memberNumber: thread.memberNumber,
          planName: thread.planName,
          fromPath: thread.fromPath,
          payment: thread.paymentLabel && (
            <Link
              href={`${memberPage}#payment-${encodeURIComponent(thread.paymentRef ?? '')}`}
              className="underline underline-offset-4"
              data-testid="support-payment-link"
            >
              {thread.paymentLabel}
            </Link>
          ),
          ticketLabel: thread.ticketLabel,
        }}
      />
      <ThreadMessages messages={thread.messages} reader="staff" />
      <MessageForm
        url={`/api/staff/support/${thread.id}`}
        label="回答する"
        submitLabel="回答を送る"
        done="回答を送りました。会員にお知らせが届きます。"
      />
      <Link href={paths.staff.support()} className="text-sm underline underline-offset-4">
        お問い合わせの一覧へ戻る
      </Link>
    </div>
  );
}
