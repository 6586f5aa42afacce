import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isUuid } from '@/lib/uuid';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { ChatRoomPage } from '@/features/chat/app';

export const metadata: Metadata = { title: 'ライブチャット' };

export default async function StaffChatRoomRoute(props: {
  params: Promise<{ host: string; itemId: string }>;
}) {
  const { host, itemId } = await props.params;
  const actor = await requireStaffPage(host, 'chat:moderate', paths.staff.chat(itemId));
  if (!isUuid(itemId)) notFound();
  return <ChatRoomPage actor={actor} itemId={itemId} />;
}
