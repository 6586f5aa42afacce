import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { can, ROLE_LABELS, type Permission } from '@/features/staff/roles';
import type { StaffActor } from '@/features/staff/server/actor';
import { StaffNav, type StaffNavLink } from '@/features/staff/components/staff-nav';

const AREAS: { href: string; label: string; permission: Permission }[] = [
  { href: paths.staff.content(), label: 'コンテンツ', permission: 'content:write' },
  { href: paths.staff.presales(), label: '先行受付', permission: 'content:write' },
  { href: paths.staff.tenure(), label: '会員歴の特典', permission: 'content:write' },
  { href: paths.staff.legal(), label: '規約・表記', permission: 'legal:write' },
  { href: paths.staff.members(), label: '会員', permission: 'members:read' },
  { href: paths.staff.support(), label: 'お問い合わせ', permission: 'support:answer' },
  { href: paths.staff.chat(), label: 'ライブチャット', permission: 'chat:moderate' },
  { href: paths.staff.plans(), label: 'プラン', permission: 'plans:write' },
  { href: paths.staff.sales(), label: '売上', permission: 'sales:read' },
  { href: paths.staff.team(), label: 'スタッフ', permission: 'staff:manage' },
  { href: paths.staff.audit(), label: '操作履歴', permission: 'audit:read' },
  { href: paths.staff.announcements(), label: 'お知らせ配信', permission: 'announcements:send' },
  { href: paths.staff.deliveries(), label: '配信エラー', permission: 'deliveries:manage' },
  { href: paths.staff.door(), label: '入場チェック', permission: 'door:check' },
  { href: paths.staff.jobs(), label: '定期処理', permission: 'jobs:read' },
];

/** The console areas a role opens, in menu order. */
export function staffAreas(actor: StaffActor): StaffNavLink[] {
  return AREAS.filter((area) => can(actor.role, area.permission)).map(({ href, label }) => ({ href, label }));
}

/** The frame of every console page: who is signed in with which role, and the areas that role opens. */
export function StaffShell({ actor, children }: { actor: StaffActor; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:py-10">
      <div className="flex flex-col gap-3 border-b border-line pb-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-bold">スタッフ管理</p>
          <p className="text-sm text-ink/75">
            <span className="break-all">{actor.displayName}</span>（{ROLE_LABELS[actor.role]}）
          </p>
        </div>
        <StaffNav links={staffAreas(actor)} />
      </div>
      <div>{children}</div>
    </div>
  );
}
