import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { StaffActor } from '@/features/staff';
import { LiveChat } from '@/features/chat/components/live-chat';
import { ChatReports } from './chat-reports';
import { findChatRoom } from './rooms';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';

/** One stream's chat in the console: the chat as members see it, with staff's actions, and its reports. */
export async function ChatRoomPage({ actor, itemId }: { actor: StaffActor; itemId: string }) {
  // An item of no chat (or of another site) is this console's 404, not an error.
  const room = await findChatRoom(await getDb(), actor, itemId).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={paths.staff.chat()} className="underline underline-offset-4">
          ライブチャット一覧
        </Link>
      </p>
      <PageHeading>{room.title}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <LiveChat itemId={itemId} />
        <ChatReports itemId={itemId} />
      </div>
    </>
  );
}
