import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { chatEvents, chatMessages, chatReports, chatRooms } from '@/server/db/schema';
import { CHAT_BACKLOG } from '@/features/chat/rules';
import type { ChatEvent, ChatMessageView, ChatReportView } from '@/features/chat/types';

type MessageRow = typeof chatMessages.$inferSelect;

/** A message as sent to viewers; the author's uid only to staff (to mute or ban them). */
export function viewOf(row: MessageRow, staff = false): ChatMessageView {
  return {
    seq: row.seq,
    name: row.name,
    body: row.body,
    at: row.createdAt.toISOString(),
    ...(staff ? { uid: row.uid } : {}),
  };
}

/** Events are sent to staff and members alike, then each viewer's copy leaves out what is not theirs. */
export type StoredEvent = Exclude<ChatEvent, { kind: 'state' }> & { uid?: string };

/** A room's number now, its slow mode and pinned message number (zeros for a room nobody wrote in). */
export async function roomOf(db: Db, itemId: string) {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.itemId, itemId)).limit(1);
  return {
    lastSeq: room?.lastSeq ?? 0,
    slowSeconds: room?.slowSeconds ?? 0,
    pinnedSeq: room?.pinnedSeq ?? null,
  };
}

/**
 * The room's events after `after`, up to `limit`, in order, with each message's text as it is now (a message
 * deleted since is sent as its deletion only: its text never goes out again). One query.
 */
export async function eventsAfter(
  db: Db,
  itemId: string,
  after: number,
  limit = 500,
): Promise<StoredEvent[]> {
  const rows = await db
    .select({ event: chatEvents, message: chatMessages })
    .from(chatEvents)
    .leftJoin(
      chatMessages,
      and(
        eq(chatMessages.itemId, chatEvents.itemId),
        eq(chatMessages.seq, sql`coalesce(${chatEvents.refSeq}, ${chatEvents.seq})`),
      ),
    )
    .where(and(eq(chatEvents.itemId, itemId), gt(chatEvents.seq, after)))
    .orderBy(asc(chatEvents.seq))
    .limit(limit);
  return rows.map(({ event, message }): StoredEvent => {
    const seq = event.seq;
    switch (event.kind) {
      case 'message':
        return message && !message.deletedAt
          ? { kind: 'message', seq, message: viewOf(message), uid: message.uid }
          : { kind: 'delete', seq, ref: seq };
      case 'delete':
        return { kind: 'delete', seq, ref: event.refSeq ?? 0 };
      case 'pin':
        return { kind: 'pin', seq, pinned: message && !message.deletedAt ? viewOf(message) : null };
      default:
        return { kind: 'slow', seq, slowSeconds: event.value ?? 0 };
    }
  });
}

/** The latest messages up to `upTo` (not deleted), oldest first, and the pinned one. */
export async function recentMessages(db: Db, itemId: string, upTo: number, pinnedSeq: number | null) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.itemId, itemId), lte(chatMessages.seq, upTo), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.seq))
    .limit(CHAT_BACKLOG);
  const pinned =
    pinnedSeq === null
      ? null
      : (rows.find((row) => row.seq === pinnedSeq) ??
        (
          await db
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.itemId, itemId),
                eq(chatMessages.seq, pinnedSeq),
                isNull(chatMessages.deletedAt),
              ),
            )
        )[0] ??
        null);
  return { rows: rows.reverse(), pinned };
}

/** The reported messages of a room, most reported first (staff). */
export async function reportsOf(db: Db, itemId: string): Promise<ChatReportView[]> {
  const counted = await db
    .select({ seq: chatReports.seq, reports: count() })
    .from(chatReports)
    .where(eq(chatReports.itemId, itemId))
    .groupBy(chatReports.seq);
  if (counted.length === 0) return [];
  const messages = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.itemId, itemId),
        inArray(
          chatMessages.seq,
          counted.map((row) => row.seq),
        ),
      ),
    );
  return messages
    .map((message) => ({
      seq: message.seq,
      name: message.name,
      body: message.body,
      uid: message.uid,
      deleted: message.deletedAt !== null,
      reports: counted.find((row) => row.seq === message.seq)?.reports ?? 0,
    }))
    .sort((a, b) => b.reports - a.reports || a.seq - b.seq);
}
