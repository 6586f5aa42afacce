import 'server-only';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { chatMessages, chatReports, chatRooms, contentItems } from '@/server/db/schema';
import { assertCan, type StaffActor } from '@/features/staff/server';

export interface ChatRoomRow {
  itemId: string;
  title: string;
  live: boolean;
  messages: number;
  reports: number;
}

/** The site's chats for the console: live items first, then every item with a chat kept, newest first. */
export async function listChatRooms(db: Db, actor: StaffActor): Promise<ChatRoomRow[]> {
  assertCan(actor, 'chat:moderate');
  return db
    .select({
      itemId: contentItems.id,
      title: contentItems.title,
      live: contentItems.isLive,
      messages:
        sql<number>`(select count(*) from ${chatMessages} m where m.item_id = ${contentItems.id} and m.deleted_at is null)`.mapWith(
          Number,
        ),
      reports:
        sql<number>`(select count(*) from ${chatReports} r where r.item_id = ${contentItems.id})`.mapWith(
          Number,
        ),
    })
    .from(contentItems)
    .leftJoin(chatRooms, eq(chatRooms.itemId, contentItems.id))
    .where(
      and(
        eq(contentItems.siteId, actor.siteId),
        or(eq(contentItems.isLive, true), sql`${chatRooms.itemId} is not null`),
      ),
    )
    .orderBy(desc(contentItems.isLive), desc(contentItems.publishedAt))
    .limit(100);
}

/** One chat's item, for the console's page (its title), or NOT_FOUND. */
export async function findChatRoom(db: Db, actor: StaffActor, itemId: string): Promise<ChatRoomRow> {
  assertCan(actor, 'chat:moderate');
  const rooms = await listChatRooms(db, actor);
  const room = rooms.find((row) => row.itemId === itemId);
  if (!room) throw new AppError('NOT_FOUND');
  return room;
}
