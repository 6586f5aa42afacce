import type { Site } from '@/features/site';
import { currentVersions } from '@/features/consent/server';
import { describeConsent } from '@/features/consent';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { formatDateJa, parseJstDay } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { formatMemberNumber } from '@/features/membership/server';
import { can } from '@/features/staff';
import type { StaffActor } from '@/features/staff';
import { memberDetail } from '@/features/billing/staff/members/server/detail';
import { addDaysJst, grantLastDay } from '@/features/billing/staff/members/dates';
import { MAX_GRANT_DAYS } from '@/features/billing/staff/members/schemas';
import { StatusBadge } from '@/features/billing/staff/members/components/status-badge';
import { GrantForm } from '@/features/billing/staff/members/components/grant-form';
import { RevokeGrantButton } from '@/features/billing/staff/members/components/revoke-grant-button';
import { formatPhoneJa } from '@/lib/phone';
import { formatYenAmount as yen } from '@/lib/yen';
import { disputesOf } from '@/features/billing/server/disputes';
import { DISPUTE_RULE, DisputeBadge, DisputeList } from '@/features/billing/staff/sales/components/disputes';

const SUBSCRIPTION_LABELS: Record<string, string> = {
  active: '有効',
  trialing: 'お試し中',
  past_due: '支払い遅延',
  unpaid: '未払い',
  canceled: '解約済み',
  incomplete: '支払い手続き中',
  incomplete_expired: '支払い未完了',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-label={title}>
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Table({ head, children, label }: { head: string[]; children: ReactNode; label: string }) {
  return (
    <div className="max-w-full overflow-x-auto rounded-md border border-line">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-surface-sub text-left">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const Cell = ({ children }: { children: ReactNode }) => <td className="px-3 py-2 align-top">{children}</td>;

/** One member for support: profile, status, subscriptions, complimentary grants and the payment history. */
export async function MemberDetailPage({
  actor,
  site,
  memberId,
}: {
  actor: StaffActor;
  site: Site;
  memberId: string;
}) {
  const db = await getDb();
  const provider = await getPaymentProvider();
  const now = await provider.now(actor.siteId);
  const detail = await memberDetail(db, actor, provider, memberId, now);
  // Read after memberDetail, which refuses a member of another site or a role that may not see them.
  const disputes = await disputesOf(db, actor.siteId, detail.member.id);
  const consent = describeConsent(detail.member, await currentVersions(db, site));
  const { member } = detail;
  const latest = detail.subscriptions[0];
  const name = [member.familyName, member.givenName].filter(Boolean).join(' ');
  const kana = [member.familyNameKana, member.givenNameKana].filter(Boolean).join(' ');
  const address = [
    member.postalCode ? `〒${member.postalCode.slice(0, 3)}-${member.postalCode.slice(3)}` : null,
    [member.prefecture, member.city, member.street, member.building].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(' ');
  const profile: [string, ReactNode][] = [
    ['会員番号', member.memberNumber === null ? '未入会' : formatMemberNumber(member.memberNumber)],
    ['ステータス', <StatusBadge key="status" status={detail.status} />],
    ['プラン', latest?.planName ?? '—'],
    ['入会日', member.joinedAt ? formatDateJa(member.joinedAt) : '—'],
    ['メールアドレス', member.email ?? '—'],
    ['氏名', name || '—'],
    ['フリガナ', kana || '—'],
    ['生年月日', member.birthday ? formatDateJa(parseJstDay(member.birthday)) : '—'],
    ['電話番号', formatPhoneJa(member.phone) || '—'],
    ['住所', address || '—'],
    [
      '規約への同意',
      <span key="consent" data-testid="member-consent">
        {consent.text}
        {detail.member.consentedAt && (consent.current ? '・最新版' : '・旧版（再同意待ち）')}
      </span>,
    ],
  ];
  const mayGrant = can(actor.role, 'members:grant');
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div>
        <Link href={paths.staff.members()} className="text-sm underline underline-offset-4">
          ← 会員一覧へ
        </Link>
      </div>
      <PageHeading
        aside={
          <span className="flex flex-wrap items-center gap-2">
            {disputes.some((d) => d.status === 'open') && <DisputeBadge status="open" />}
            <StatusBadge status={detail.status} />
          </span>
        }
      >
        <span className="break-all">{member.nickname ?? '（ニックネーム未登録）'}</span>
      </PageHeading>

      <Section title="会員情報">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="member-profile">
          {profile.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-bold">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="契約">
        {detail.subscriptions.length === 0 ? (
          <p className="text-sm">契約はありません。</p>
        ) : (
          <Table
            label="契約の一覧（新しい順）"
            head={['プラン', '状態', '現在の期間の終了日', '退会', '退会理由']}
          >
            {detail.subscriptions.map((s) => (
              <tr key={s.id} className="border-t border-line">
                <Cell>
                  {s.planName}（{s.planInterval === 'year' ? '年額' : '月額'} {yen(s.planPriceYen)}）
                </Cell>
                <Cell>{SUBSCRIPTION_LABELS[s.status] ?? s.status}</Cell>
                <Cell>{s.currentPeriodEnd ? formatDateJa(s.currentPeriodEnd) : '—'}</Cell>
                <Cell>
                  {s.cancelAtPeriodEnd
                    ? '期間終了時に退会'
                    : s.canceledAt
                      ? `${formatDateJa(s.canceledAt)}に終了`
                      : '—'}
                </Cell>
                <Cell>
                  <span className="break-all whitespace-pre-wrap">{s.cancelReason ?? '—'}</span>
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section title="無償付与">
        <p className="text-sm text-ink/75">
          支払いなしでプレミアム会員にします。終了日の23:59（日本時間）まで有効です。
        </p>
        {mayGrant && (
          <GrantForm
            memberId={member.id}
            min={addDaysJst(now, 1)}
            max={addDaysJst(now, MAX_GRANT_DAYS - 1)}
          />
        )}
        {detail.grants.length === 0 ? (
          <p className="text-sm">無償付与の履歴はありません。</p>
        ) : (
          <Table label="無償付与の履歴（新しい順）" head={['状態', '終了日', '付与した人', '付与日', '']}>
            {detail.grants.map((grant) => (
              <tr key={grant.id} className="border-t border-line" data-grant-id={grant.id}>
                <Cell>
                  {grant.running ? (
                    <span className="font-bold">有効</span>
                  ) : grant.revokedAt ? (
                    `取り消し済み（${formatDateJa(grant.revokedAt)}）`
                  ) : (
                    '終了'
                  )}
                </Cell>
                <Cell>{formatDateJa(parseJstDay(grantLastDay(grant.endsAt)))}</Cell>
                <Cell>
                  <span className="break-all">{grant.grantedByName ?? grant.grantedBy}</span>
                </Cell>
                <Cell>{formatDateJa(grant.createdAt)}</Cell>
                <Cell>
                  {grant.running && mayGrant ? (
                    <RevokeGrantButton
                      memberId={member.id}
                      grantId={grant.id}
                      lastDay={formatDateJa(parseJstDay(grantLastDay(grant.endsAt)))}
                    />
                  ) : null}
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      {disputes.length > 0 && (
        <Section title="異議申し立て">
          <p className="text-sm">{DISPUTE_RULE}</p>
          <DisputeList
            disputes={disputes}
            showMember={false}
            canHandle={can(actor.role, 'disputes:handle')}
          />
        </Section>
      )}

      <Section title="支払い履歴">
        {detail.paymentsError ? (
          <p role="alert" className="text-sm font-bold text-error">
            {detail.paymentsError}
          </p>
        ) : detail.payments.length === 0 ? (
          <p className="text-sm">支払いの履歴はありません。</p>
        ) : (
          <Table label="支払い履歴（新しい順、直近24件）" head={['日付', '対象期間', '金額（税込）', '結果']}>
            {detail.payments.map((payment) => (
              <tr
                key={payment.id}
                id={`payment-${payment.id}`}
                className="border-t border-line"
                data-payment-status={payment.status}
              >
                <Cell>{formatDateJa(payment.createdAt)}</Cell>
                <Cell>
                  {formatDateJa(payment.periodStart)}〜{formatDateJa(payment.periodEnd)}
                </Cell>
                <Cell>
                  <span className="tabular-nums">{yen(payment.amountYen)}</span>
                </Cell>
                <Cell>
                  {payment.status === 'paid' ? (
                    '支払い済み'
                  ) : payment.status === 'refunded' ? (
                    '返金済み'
                  ) : (
                    <span className="font-bold text-error">失敗</span>
                  )}
                </Cell>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}
