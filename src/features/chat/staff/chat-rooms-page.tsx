import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { StaffActor } from '@/features/staff';
import { listChatRooms } from './rooms';

/** ライブチャット: the live items' chats and the ones kept beside archives, with their reports. */
export async function ChatRoomsPage({ actor }: { actor: StaffActor }) {
  const rooms = await listChatRooms(await getDb(), actor);
  return (
    <>
      <PageHeading>ライブチャット</PageHeading>
      {rooms.length === 0 ? (
        <p>配信中のコンテンツ、チャットのあるコンテンツはありません。</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" data-testid="chat-rooms">
          {rooms.map((room) => (
            <li key={room.itemId} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {room.live && (
                <span className="rounded-full bg-live px-2 text-xs font-bold text-on-live">LIVE</span>
              )}
              <Link href={paths.staff.chat(room.itemId)} className="font-bold underline underline-offset-4">
                {room.title}
              </Link>
              <span className="ml-auto text-sm text-ink/75">
                {room.reports > 0 && <span className="mr-3 font-bold text-error">通報 {room.reports}件</span>}
                投稿 {room.messages}件
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
