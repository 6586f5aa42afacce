import { redirect } from 'next/navigation';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { staffAreas } from '@/features/staff/ui';

export default async function StaffHome(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, null, paths.staff.home());
  redirect(staffAreas(actor)[0]!.href);
}
