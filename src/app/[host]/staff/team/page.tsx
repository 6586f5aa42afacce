import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage, TeamPage } from '@/features/staff/app';

export const metadata: Metadata = { title: 'スタッフ' };

export default async function StaffTeamRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'staff:manage', paths.staff.team());
  return <TeamPage actor={actor} />;
}
