import type { Metadata } from 'next';
import type { HostParams } from '@/features/site/server/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/server/staff';
import { TeamPage } from '@/features/staff/team/components/team-page';

export const metadata: Metadata = { title: 'スタッフ' };

export default async function StaffTeamRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'staff:manage', paths.staff.team());
  return <TeamPage actor={actor} />;
}
