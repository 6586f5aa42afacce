import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { AnnouncementsPage } from '@/features/notices/app';

export const metadata: Metadata = { title: 'お知らせ配信' };

export default async function StaffAnnouncementsRoute(props: HostParams) {
  const host = (await props.params).host;
  const actor = await requireStaffPage(host, 'announcements:send', paths.staff.announcements());
  return <AnnouncementsPage actor={actor} />;
}
