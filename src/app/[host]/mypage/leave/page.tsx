import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { HostParams } from '@/features/site';
import { AuthCard } from '@/features/auth/ui';
import { formatMemberNumber } from '@/features/membership/server';
import { requireJoinedMember } from '@/features/membership/app';
import { getPaymentProvider, membershipSummary } from '@/features/billing/server';
import { LeaveForm } from '@/features/billing/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '退会', robots: { index: false } };

export default async function LeavePage({ params }: HostParams) {
  const { site, member } = await requireJoinedMember(params, paths.leave());
  if (!site.config.IS_SHOW_MYPAGE_LEAVE) notFound();
  const summary = await membershipSummary(
    await getDb(),
    await getPaymentProvider(),
    member,
    site.config.TENURE,
  );
  const periodEnd = summary.subscription?.currentPeriodEnd;
  if (summary.status !== 'premium' || !periodEnd || summary.leaving) {
    return (
      <AuthCard title="退会">
        <p role="status" className="text-sm leading-relaxed" data-testid="leave-unavailable">
          {summary.leaving && periodEnd
            ? `退会手続きは完了しています。${formatDateJa(periodEnd)}まで会員限定コンテンツをご覧いただけます。`
            : '現在ご利用中の会員プランはありません。'}
        </p>
        <Link href={paths.myPage()} className="mt-6 inline-block text-sm underline underline-offset-4">
          マイページへ戻る
        </Link>
      </AuthCard>
    );
  }
  const accessUntil = formatDateJa(periodEnd);
  return (
    <AuthCard title="退会" lead="退会すると、次の特典がご利用いただけなくなります。内容をご確認ください。">
      <dl
        className="mb-8 grid gap-3 rounded-lg border-2 border-primary p-5 text-sm"
        data-testid="leave-summary"
      >
        <div className="flex justify-between gap-4">
          <dt>会員番号</dt>
          <dd className="font-bold">{formatMemberNumber(member.memberNumber!)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>会員歴</dt>
          <dd className="font-bold">{summary.membershipYear}年目</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>会員限定コンテンツの閲覧</dt>
          <dd className="font-bold">{accessUntil}まで</dd>
        </div>
      </dl>
      <ul className="mb-8 list-disc pl-5 text-sm leading-relaxed">
        <li>{accessUntil}までは会員限定コンテンツをご覧いただけます。それ以降の会費は請求されません。</li>
        <li>期限までは、マイページから退会を取り消せます。</li>
        <li>期限を過ぎると、ブログ・写真・動画・チケット先行受付などの会員特典はご利用いただけません。</li>
        <li data-testid="leave-tenure">
          会員歴は、期限から{site.config.TENURE.GRACE_DAYS}
          日以内に再入会すると引き継がれます。それを過ぎると1年目から数え直しになります。
        </li>
      </ul>
      <LeaveForm accessUntil={accessUntil} />
    </AuthCard>
  );
}
