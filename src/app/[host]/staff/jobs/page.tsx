import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage, JobsPage } from '@/features/staff/app';

export const metadata: Metadata = { title: '定期処理' };

export default async function StaffJobsRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'jobs:read', paths.staff.jobs());
  return <JobsPage actor={actor} />;
}
