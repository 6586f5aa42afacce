import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { ChatRoomsPage } from '@/features/chat/app';

export const metadata: Metadata = { title: 'ライブチャット' };

export default async function StaffChatRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'chat:moderate', paths.staff.chat());
  return <ChatRoomsPage actor={actor} />;
}
