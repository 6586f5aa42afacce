import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, noticePreferences } from '@/server/db/schema';
import type { NoticeTopic } from '@/features/notices/templates';
import type { Preferences } from '@/features/notices/schemas';

export async function readPreferences(db: Db, memberId: string): Promise<Required<Preferences>> {
  const [row] = await db.select().from(noticePreferences).where(eq(noticePreferences.memberId, memberId));
  return {
    announcements: row?.announcements ?? true,
    reminders: row?.reminders ?? true,
    birthday: row?.birthday ?? true,
    birthdayGreeting: row?.birthdayGreeting ?? true,
  };
}

export async function savePreferences(db: Db, memberId: string, value: Preferences): Promise<void> {
  await db
    .insert(noticePreferences)
    .values({ memberId, ...value })
    .onConflictDoUpdate({ target: noticePreferences.memberId, set: { ...value, updatedAt: new Date() } });
}

/**
 * The one-click unsubscribe: turns one topic's mail off for the member a verified token names, provided the member
 * belongs to this site (a token of another site's member changes nothing here). Answers whether it applied.
 */
export async function unsubscribeMember(
  db: Db,
  siteId: string,
  memberId: string,
  topic: NoticeTopic,
): Promise<boolean> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
  if (!member) return false;
  await db
    .insert(noticePreferences)
    .values({ memberId, [topic]: false })
    .onConflictDoUpdate({
      target: noticePreferences.memberId,
      set: { [topic]: false, updatedAt: new Date() },
    });
  return true;
}
