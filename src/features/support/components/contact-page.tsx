import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { formatMemberNumber } from '@/features/membership/server';
import { contactSchema } from '@/features/support/schemas';
import { threadContext, type ThreadContext } from '@/features/support/server/context';
import { ContextList } from './context-list';
import { MessageForm } from './message-form';

type Query = { payment?: string; ticket?: string; from?: string };

/**
 * The contact form, prefilled with what the club needs (decision 0053): the site, the member number and plan (read
 * from the session), the page the fan came from and the payment or ticket the URL names by its opaque id.
 */
export async function ContactPage({ site, member, query }: { site: Site; member: Member; query: Query }) {
  if (!site.config.CONTACT_FORM.enabled) notFound();
  const parsed = contactSchema.safeParse({ body: '-', ...query });
  let context: ThreadContext | null = null;
  let problem: string | null = null;
  if (!parsed.success) problem = 'お問い合わせの対象が正しくありません。';
  else {
    try {
      context = await threadContext(await getDb(), member, parsed.data);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      problem = error.message;
    }
  }
  const extra: Record<string, string> = {};
  if (context?.paymentRef) extra.payment = context.paymentRef;
  if (context?.ticketId) extra.ticket = context.ticketId;
  if (context?.fromPath) extra.from = context.fromPath;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 md:py-16">
      <PageHeading>お問い合わせ</PageHeading>
      {problem || !context ? (
        <p role="alert" className="rounded-lg border border-error p-4 text-sm text-error">
          {problem}
        </p>
      ) : (
        <>
          <section aria-labelledby="context-heading" className="flex flex-col gap-2">
            <h2 id="context-heading" className="font-bold">
              お問い合わせと一緒に送られる情報
            </h2>
            <ContextList
              context={{
                site: site.config.SERVICE_NAME,
                memberNumber: member.memberNumber ? formatMemberNumber(member.memberNumber) : null,
                planName: context.planName,
                fromPath: context.fromPath,
                payment: context.paymentLabel,
                ticketLabel: context.ticketLabel,
              }}
            />
          </section>
          <MessageForm
            url="/api/mypage/contact"
            extra={extra}
            label="お問い合わせ内容"
            submitLabel="送信する"
            done="お問い合わせを受け付けました。回答はマイページとお知らせでお届けします。"
            nextBase={paths.contactThread('')}
          />
        </>
      )}
      <Link href={paths.myPage()} className="text-sm underline underline-offset-4">
        マイページへ戻る
      </Link>
    </div>
  );
}
