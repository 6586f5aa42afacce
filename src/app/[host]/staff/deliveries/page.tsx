import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { DeliveriesPage } from '@/features/notices/app';

export const metadata: Metadata = { title: '配信エラー' };

export default async function StaffDeliveriesRoute(props: HostParams) {
  const host = (await props.params).host;
  const actor = await requireStaffPage(host, 'deliveries:manage', paths.staff.deliveries());
  return <DeliveriesPage actor={actor} />;
}
