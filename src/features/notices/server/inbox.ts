import 'server-only';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { notices } from '@/server/db/schema';
import { noticeContent, type NoticeContent } from '@/features/notices/templates';

export interface InboxNotice {
  id: string;
  createdAt: Date;
  read: boolean;
  content: NoticeContent;
}

const INBOX_SIZE = 50;

/** The member's お知らせ, newest first: only their own, on this site. */
export async function listInbox(
  db: Db,
  site: { id: string; name: string },
  memberId: string,
): Promise<InboxNotice[]> {
  const rows = await db
    .select({
      id: notices.id,
      kind: notices.kind,
      data: notices.data,
      createdAt: notices.createdAt,
      readAt: notices.readAt,
    })
    .from(notices)
    .where(and(eq(notices.siteId, site.id), eq(notices.memberId, memberId)))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(INBOX_SIZE);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    read: row.readAt !== null,
    content: noticeContent(row.kind, row.data, site),
  }));
}

export async function unreadCount(db: Db, siteId: string, memberId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notices)
    .where(and(eq(notices.siteId, siteId), eq(notices.memberId, memberId), isNull(notices.readAt)));
  return row?.unread ?? 0;
}

/**
 * Opens one notice of the member's and marks it read. Another member's id, or one of another site, is not found.
 * (A GET marks it read: reading is what the member did; nothing else changes, and nothing of anyone else's.)
 */
export async function openNotice(
  db: Db,
  site: { id: string; name: string },
  memberId: string,
  id: string,
): Promise<InboxNotice | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const mine = and(eq(notices.id, id), eq(notices.siteId, site.id), eq(notices.memberId, memberId));
  const [row] = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(notices.readAt)))
    .returning({ id: notices.id, kind: notices.kind, data: notices.data, createdAt: notices.createdAt });
  const found =
    row ??
    (
      await db
        .select({ id: notices.id, kind: notices.kind, data: notices.data, createdAt: notices.createdAt })
        .from(notices)
        .where(mine)
    )[0];
  if (!found) return null;
  return {
    id: found.id,
    createdAt: found.createdAt,
    read: true,
    content: noticeContent(found.kind, found.data, site),
  };
}
