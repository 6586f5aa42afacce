import { Link } from '@/components/ui/link';
import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { buttonClass } from '@/components/ui/button';
import { CONTROL_CLASS } from '@/components/ui/field';
import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { formatMemberNumber } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { memberFilterQuery, type MemberFilter } from '@/features/billing/staff/members/schemas';
import { STAFF_MEMBER_STATUSES, STAFF_STATUS_LABELS } from '@/features/billing/staff/members/status';
import { listMembers, sitePlans } from '@/features/billing/staff/members/server/list';
import { StatusBadge } from '@/features/billing/staff/members/components/status-badge';

const EXPORT_PATH = '/api/staff/members/export.csv';

function Filters({
  filter,
  plans,
}: {
  filter: MemberFilter;
  plans: { id: string; name: string; active: boolean }[];
}) {
  return (
    <form method="get" action={paths.staff.members()} role="search" aria-label="会員の検索と絞り込み">
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="members-q" className="text-sm font-bold">
            キーワード
          </label>
          <input
            id="members-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            maxLength={100}
            placeholder="会員番号・ニックネーム・メールアドレス・氏名"
            className={CONTROL_CLASS}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="members-status" className="text-sm font-bold">
            ステータス
          </label>
          <select
            id="members-status"
            name="status"
            defaultValue={filter.status ?? ''}
            className={CONTROL_CLASS}
          >
            <option value="">すべて</option>
            {STAFF_MEMBER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STAFF_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="members-plan" className="text-sm font-bold">
            プラン
          </label>
          <select id="members-plan" name="plan" defaultValue={filter.planId ?? ''} className={CONTROL_CLASS}>
            <option value="">すべて</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.active ? plan.name : `${plan.name}（提供終了）`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary', 'flex-1 md:flex-none')}>
            検索
          </button>
          <Link href={paths.staff.members()} className={buttonClass('secondary', 'flex-1 md:flex-none')}>
            クリア
          </Link>
        </div>
      </div>
    </form>
  );
}

function Pager({ filter, page, pageCount }: { filter: MemberFilter; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (target: number) =>
    `${paths.staff.members()}${memberFilterQuery({ ...filter, page: target })}`;
  const link = 'inline-flex min-h-11 items-center rounded-full border border-line px-4 hover:bg-surface-sub';
  return (
    <nav aria-label="ページ送り" className="flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={link}>
          前のページ
        </Link>
      ) : null}
      <span aria-current="page" className="tabular-nums">
        {page} / {pageCount} ページ
      </span>
      {page < pageCount ? (
        <Link href={href(page + 1)} rel="next" className={link}>
          次のページ
        </Link>
      ) : null}
    </nav>
  );
}

/** The site's members: search, filters by status and plan (all in the URL), fifty a page, and the CSV of the list. */
export async function MembersPage({ actor, filter }: { actor: StaffActor; filter: MemberFilter }) {
  const db = await getDb();
  const now = await (await getPaymentProvider()).now(actor.siteId);
  const [{ rows, total, page, pageCount }, plans] = await Promise.all([
    listMembers(db, actor, filter, now),
    sitePlans(db, actor),
  ]);
  const filtered = Boolean(filter.q || filter.status || filter.planId);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeading
        aside={
          <a
            href={`${EXPORT_PATH}${memberFilterQuery(filter, { page: false })}`}
            download
            className={buttonClass('secondary', 'ml-auto')}
          >
            CSVをダウンロード
          </a>
        }
      >
        会員
      </PageHeading>
      <Filters filter={filter} plans={plans} />
      <p className="text-sm" role="status" data-testid="members-count">
        {filtered ? '条件に合う会員' : '会員'}：{total.toLocaleString('ja-JP')}人
      </p>
      {rows.length === 0 ? (
        <p className="text-sm">{filtered ? '条件に合う会員はいません。' : 'まだ会員はいません。'}</p>
      ) : (
        <div className="max-w-full overflow-x-auto rounded-md border border-line" data-testid="members-table">
          <table className="w-full min-w-[48rem] border-collapse text-sm">
            <caption className="sr-only">会員一覧（会員番号順）</caption>
            <thead className="bg-surface-sub text-left">
              <tr>
                {['会員番号', 'ニックネーム', 'メールアドレス', 'ステータス', 'プラン', '入会日'].map(
                  (label) => (
                    <th key={label} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-line align-top" data-member-id={row.id}>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {row.memberNumber === null ? (
                      <span className="text-ink/75">未入会</span>
                    ) : (
                      formatMemberNumber(row.memberNumber)
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Link
                      href={paths.staff.member(row.id)}
                      className="font-bold break-all underline underline-offset-4"
                    >
                      {row.nickname ?? '（未登録）'}
                    </Link>
                  </td>
                  <td className="px-3 py-2 break-all">{row.email ?? '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-3 py-2">{row.planName ?? '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.joinedAt ? formatDateJa(row.joinedAt) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager filter={filter} page={page} pageCount={pageCount} />
    </div>
  );
}
