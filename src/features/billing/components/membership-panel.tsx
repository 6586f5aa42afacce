import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { formatDateJa, jstDay } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import { formatMemberNumber, type Member } from '@/features/membership/server';
import { MemberCard } from '@/features/membership/ui';
import { isBirthdayOn } from '@/features/membership';
import { readPreferences } from '@/features/notices/server';
import { TenureNotices } from '@/features/billing/components/tenure-notices';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { membershipSummary } from '@/features/billing/server/summary';
import { ResumeButton } from '@/features/billing/components/resume-button';

/** My page's membership part: the member card and what the member can do about their membership. */
export async function MembershipPanel({
  site,
  member,
  cardCode,
}: {
  site: Site;
  member: Member | null;
  /** The member card's living code, from the tickets feature (My page passes it). */
  cardCode?: React.ReactNode;
}) {
  if (!member?.memberNumber || !member.joinedAt) {
    return (
      <Notice title="入会手続きが完了していません" testId="signup-unfinished">
        <p>会員限定コンテンツをご覧いただくには、入会手続きを完了してください。</p>
        <Link href={paths.signUpContinue()} className={buttonClass('primary', 'mt-4')}>
          入会手続きを続ける
        </Link>
      </Notice>
    );
  }
  const summary = await membershipSummary(
    await getDb(),
    await getPaymentProvider(),
    member,
    site.config.TENURE,
  );
  const periodEnd = summary.subscription?.currentPeriodEnd ?? null;
  const run = summary.tenure.tenure;
  if (summary.status !== 'premium') {
    return (
      <Notice title="会員期間が終了しています" testId="membership-ended">
        <p>
          {periodEnd ? `${formatDateJa(periodEnd)}に会員期間が終了しました。` : ''}
          再入会すると、会員番号 {formatMemberNumber(member.memberNumber)}{' '}
          のまま会員限定コンテンツをご覧いただけます。
        </p>
        {run && (
          <p className="mt-2" data-testid="tenure-grace">
            {formatDateJa(run.lapsesAt)}までに再入会すると、会員歴（{run.yearOfMembership}
            年目）は途切れずに引き継がれます。
          </p>
        )}
        <Link href={paths.signUpContinue()} className={buttonClass('primary', 'mt-4')}>
          再入会する
        </Link>
      </Notice>
    );
  }
  const birthday =
    site.config.BIRTHDAY.ENABLED &&
    isBirthdayOn(member.birthday, summary.now) &&
    (await readPreferences(await getDb(), member.id)).birthdayGreeting;
  const renews = !summary.leaving && summary.subscription?.method === 'card';
  return (
    <div className="flex flex-col gap-6">
      <MemberCard
        serviceName={site.config.SERVICE_NAME}
        nickname={member.nickname ?? ''}
        memberNumber={formatMemberNumber(member.memberNumber)}
        planName={summary.plan?.name ?? '特別会員'}
        joinedAt={member.joinedAt}
        periodEnd={periodEnd}
        leaving={summary.leaving || summary.subscription?.method === 'konbini'}
        membershipYear={summary.membershipYear ?? 1}
        tenureMark={summary.tenure.mark}
        tenureSince={run && jstDay(run.since) !== jstDay(member.joinedAt) ? run.since : null}
        birthday={birthday}
        code={cardCode}
      />
      <TenureNotices
        site={site}
        tenure={summary.tenure}
        now={summary.now}
        renews={renews}
        leaving={summary.leaving}
      />
      {summary.leaving && periodEnd && (
        <Notice title="退会手続き済みです" testId="leaving-notice">
          <p>
            {formatDateJa(periodEnd)}
            まで会員限定コンテンツをご覧いただけます。それ以降、会費は請求されません。
          </p>
          <ResumeButton />
        </Notice>
      )}
      {summary.card && (
        <section aria-labelledby="card-heading" className="rounded-lg border border-line p-6">
          <h2 id="card-heading" className="text-lg font-bold">
            お支払い方法
          </h2>
          <p className="mt-3 text-sm" data-testid="payment-card">
            {summary.card.brand} **** {summary.card.last4}（有効期限{' '}
            {String(summary.card.expMonth).padStart(2, '0')}/{String(summary.card.expYear).slice(-2)}）
          </p>
          <Link href={paths.changeCard()} className="mt-4 inline-block text-sm underline underline-offset-4">
            カードを変更する
          </Link>
        </section>
      )}
      {site.config.IS_SHOW_MYPAGE_LEAVE && !summary.leaving && summary.subscription?.method !== 'konbini' && (
        <p className="text-right text-sm">
          <Link href={paths.leave()} className="underline underline-offset-4" data-testid="leave-link">
            退会
          </Link>
        </p>
      )}
    </div>
  );
}

function Notice({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section
      role="status"
      data-testid={testId}
      className="rounded-lg border-2 border-primary p-6 text-sm leading-relaxed"
    >
      <h2 className="mb-2 text-base font-bold">{title}</h2>
      {children}
    </section>
  );
}
