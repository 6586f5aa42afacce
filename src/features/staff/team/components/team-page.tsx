import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { ROLE_LABELS } from '@/features/staff/roles';
import type { StaffActor } from '@/features/staff/server/actor';
import { listStaff } from '@/features/staff/team/server/team';
import { StaffAddForm } from '@/features/staff/team/components/staff-add-form';
import { StaffRowActions } from '@/features/staff/team/components/staff-row-actions';

const ROLE_HELP = [
  ['オーナー', 'すべての操作（スタッフ・プランの管理、操作履歴の閲覧を含む）'],
  ['編集者', 'コンテンツと規約・表記の作成・公開'],
  ['サポート', '会員情報の閲覧と無料期間の付与'],
] as const;

/** The owner's staff list: role changes, removal and adding an existing account. */
export async function TeamPage({ actor }: { actor: StaffActor }) {
  const staff = await listStaff(await getDb(), actor);
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>スタッフ</PageHeading>
      <section aria-labelledby="staff-list-heading" className="flex flex-col gap-3">
        <h2 id="staff-list-heading" className="text-lg font-bold">
          スタッフ一覧
        </h2>
        <ul className="flex flex-col border-t border-line" data-testid="staff-list">
          {staff.map((member) => (
            <li
              key={member.uid}
              className="flex flex-col gap-3 border-b border-line py-3 md:flex-row md:items-start md:justify-between"
              data-staff-email={member.email}
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-bold break-all">
                  {member.displayName}
                  {member.uid === actor.uid && <span className="ml-1 text-xs font-normal">（あなた）</span>}
                </p>
                <p className="text-sm break-all text-ink/75">{member.email}</p>
                <p className="text-sm">
                  役割：<span data-testid="staff-role">{ROLE_LABELS[member.role]}</span>
                </p>
              </div>
              <StaffRowActions
                member={{
                  uid: member.uid,
                  displayName: member.displayName,
                  email: member.email,
                  role: member.role,
                }}
                self={member.uid === actor.uid}
              />
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 text-sm text-ink/75 md:grid-cols-[auto_1fr] md:gap-x-4">
          {ROLE_HELP.map(([label, text]) => (
            <div key={label} className="contents">
              <dt className="font-bold">{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <StaffAddForm />
    </div>
  );
}
