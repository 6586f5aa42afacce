import type { Metadata } from 'next';
import type { HostParams } from '@/features/site/server/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/server/staff';
import { DeliveriesPage } from '@/features/notices/components/deliveries-page';

export const metadata: Metadata = { title: '配信エラー' };

export default async function StaffDeliveriesRoute(props: HostParams) {
  const host = (await props.params).host;
  const actor = await requireStaffPage(host, 'deliveries:manage', paths.staff.deliveries());
  return <DeliveriesPage actor={actor} />;
}
