import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage, PlansPage } from '@/features/staff/app';

export const metadata: Metadata = { title: 'プラン' };

export default async function StaffPlansRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'plans:write', paths.staff.plans());
  return <PlansPage actor={actor} />;
}
