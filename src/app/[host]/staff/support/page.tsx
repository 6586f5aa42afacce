import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { SupportListPage } from '@/features/support/app';

export const metadata: Metadata = { title: 'お問い合わせ' };

export default async function StaffSupportRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'support:answer', paths.staff.support());
  return <SupportListPage actor={actor} />;
}
