import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { requireSite } from '@/features/site/app';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { TenureBenefitsPage } from '@/features/content/app';

export const metadata: Metadata = { title: '会員歴の特典' };

export default async function StaffTenureRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'content:write', paths.staff.tenure());
  return <TenureBenefitsPage actor={actor} site={await requireSite(props)} />;
}
