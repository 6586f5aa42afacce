import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { PresaleListPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '先行受付' };

export default async function StaffPresalesRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'content:write', paths.staff.presales());
  return <PresaleListPage actor={actor} />;
}
