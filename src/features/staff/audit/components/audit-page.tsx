import { Link } from '@/components/ui/link';
import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { ROLE_LABELS, type StaffRole } from '@/features/staff/roles';
import type { StaffActor } from '@/features/staff/server/actor';
import { loadAuditPage, type AuditPageRow } from '@/features/staff/audit/server/audit-page';
import {
  ACTION_KINDS,
  actionKind,
  actionLabel,
  auditDiff,
  formatTokyo,
  targetLabel,
  targetName,
} from '@/features/staff/audit/labels';

function auditHref(query: { kind?: string; before?: string }): string {
  const params = new URLSearchParams();
  if (query.kind) params.set('kind', query.kind);
  if (query.before) params.set('before', query.before);
  const search = params.toString();
  return search ? `${paths.staff.audit()}?${search}` : paths.staff.audit();
}

/** Where the target can be opened in the console, when it has a page there. */
function targetHref(row: AuditPageRow): string | null {
  if (!row.targetId) return null;
  switch (row.targetType) {
    case 'content_item':
      return paths.staff.item(row.targetId);
    case 'media': {
      const itemId = [row.after, row.before]
        .map((side) => (side && typeof side === 'object' ? (side as { itemId?: unknown }).itemId : undefined))
        .find((value): value is string => typeof value === 'string');
      return itemId ? paths.staff.item(itemId) : null;
    }
    case 'legal_document':
      return paths.staff.legal(row.targetId);
    case 'member':
      return paths.staff.member(row.targetId);
    case 'plan':
      return paths.staff.plans();
    case 'tenure_benefit':
      return paths.staff.tenure();
    case 'staff':
      return paths.staff.team();
    default:
      return null;
  }
}

function Change({ row }: { row: AuditPageRow }) {
  const changes = auditDiff(row.before, row.after);
  if (changes.length === 0) return <p className="text-xs text-ink/75">変更された項目はありません。</p>;
  return (
    <table className="w-full border-collapse text-xs">
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="px-2 py-1">
            項目
          </th>
          <th scope="col" className="px-2 py-1">
            変更前
          </th>
          <th scope="col" className="px-2 py-1">
            変更後
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field || 'value'} className="border-b border-line align-top">
            <th scope="row" className="px-2 py-1 text-left font-bold whitespace-nowrap">
              {change.label}
            </th>
            <td className="px-2 py-1 break-all whitespace-pre-wrap text-ink/75">
              {change.before === null ? '—' : <del className="no-underline">{change.before}</del>}
            </td>
            <td className="px-2 py-1 break-all whitespace-pre-wrap">
              {change.after === null ? '—' : <ins className="no-underline">{change.after}</ins>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditItem({ row }: { row: AuditPageRow }) {
  const name = targetName(row.before, row.after);
  const href = targetHref(row);
  const role = ROLE_LABELS[row.actorRole as StaffRole] ?? row.actorRole;
  return (
    <li className="flex flex-col gap-2 border-b border-line py-3" data-audit-action={row.action}>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <time dateTime={row.createdAt.toISOString()} className="text-sm tabular-nums text-ink/75">
          {formatTokyo(row.createdAt)}
        </time>
        <span className="font-bold">{actionLabel(row.action)}</span>
        <span className="text-sm">
          {targetLabel(row.targetType)}
          {name && (
            <>
              「
              {href ? (
                <Link href={href} className="underline underline-offset-4">
                  {name}
                </Link>
              ) : (
                name
              )}
              」
            </>
          )}
          {!name && href && (
            <>
              {' '}
              <Link
                href={href}
                className="underline underline-offset-4"
                aria-label={`${targetLabel(row.targetType)}を開く`}
              >
                開く
              </Link>
            </>
          )}
        </span>
      </div>
      <p className="text-sm text-ink/75">
        <span className="break-all">{row.actorName ?? row.actorEmail ?? row.actorUid}</span>
        {row.actorName && row.actorEmail && <span className="break-all">（{row.actorEmail}）</span>}・{role}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer underline underline-offset-4">変更内容</summary>
        <div className="relative mt-2 overflow-x-auto">
          <Change row={row} />
        </div>
      </details>
    </li>
  );
}

/** The owner's audit log: newest first, filtered by the kind of change, fifty at a time. */
export async function AuditPage({
  actor,
  query,
}: {
  actor: StaffActor;
  query: { kind?: string; before?: string };
}) {
  const kind = actionKind(query.kind);
  const { rows, next } = await loadAuditPage(await getDb(), actor, { kind: kind?.key, before: query.before });
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>操作履歴</PageHeading>
      <nav aria-label="操作の種類で絞り込み" className="relative overflow-x-auto">
        <ul className="flex gap-2 text-sm whitespace-nowrap">
          {[{ key: undefined, label: 'すべて' }, ...ACTION_KINDS].map((option) => {
            const current = option.key === kind?.key;
            return (
              <li key={option.key ?? 'all'}>
                <Link
                  href={auditHref({ kind: option.key })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border border-line px-4 ${
                    current ? 'bg-ink font-bold text-surface' : 'hover:bg-surface-sub'
                  }`}
                >
                  {option.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="text-sm">
          {query.before ? 'これより前の操作はありません。' : 'まだ操作の記録はありません。'}
        </p>
      ) : (
        <ol className="flex flex-col" data-testid="audit-log">
          {rows.map((row) => (
            <AuditItem key={row.id} row={row} />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-3">
        {query.before && (
          <Link href={auditHref({ kind: kind?.key })} className={buttonClass('secondary')}>
            最新の操作へ
          </Link>
        )}
        {next && (
          <Link href={auditHref({ kind: kind?.key, before: next })} className={buttonClass('secondary')}>
            さらに前の操作
          </Link>
        )}
      </div>
    </div>
  );
}
