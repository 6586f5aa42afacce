import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { PlansPage } from '@/features/billing/app';

export const metadata: Metadata = { title: 'プラン' };

export default async function StaffPlansRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'plans:write', paths.staff.plans());
  return <PlansPage actor={actor} />;
}
