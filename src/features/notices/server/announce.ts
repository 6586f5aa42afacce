import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { announcements } from '@/server/db/schema';
import { hasPremiumSql } from '@/features/membership/server';
import { assertCan, type StaffActor, recordAudit } from '@/features/staff/server';
import type { AnnouncementInput } from '@/features/notices/schemas';
import { rowsOf } from '@/server/db/raw';

/**
 * Staff's announcement to the site's members (joined ones; `premium`: those who are premium now): the announcement,
 * one notice per recipient and the audit row in one transaction, the notices by one INSERT … SELECT, so 10,000
 * members are queued in one request. The worker mails them; members who turned announcements off get only the
 * お知らせ. Only this site's members: the site is the actor's, never taken from the request.
 */
export async function sendAnnouncement(
  db: Db,
  actor: StaffActor,
  input: AnnouncementInput,
  now = new Date(),
): Promise<{ id: string; recipients: number }> {
  assertCan(actor, 'announcements:send');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        siteId: actor.siteId,
        audience: input.audience,
        subject: input.subject,
        body: input.body,
        recipients: 0,
        createdBy: actor.uid,
      })
      .returning({ id: announcements.id });
    const id = row!.id;
    const premiumOnly =
      input.audience === 'premium'
        ? sql`AND ${hasPremiumSql(sql.raw('m.id'), sql`${now.toISOString()}::timestamptz`)}`
        : sql``;
    const result: unknown = await tx.execute(sql`
      INSERT INTO notices (site_id, member_id, kind, delivery_key, data)
      SELECT m.site_id, m.id, 'announcement', ${`announcement:${id}`} || ':' || m.id,
        ${JSON.stringify({ subject: input.subject, body: input.body })}::jsonb
      FROM members m
      WHERE m.site_id = ${actor.siteId} AND m.member_number IS NOT NULL ${premiumOnly}
      ON CONFLICT DO NOTHING
      RETURNING id`);
    const recipients = rowsOf(result).length;
    await tx.update(announcements).set({ recipients }).where(eq(announcements.id, id));
    await recordAudit(tx, actor, {
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: id,
      before: null,
      after: { audience: input.audience, subject: input.subject, recipients },
    });
    return { id, recipients };
  });
}

export async function recentAnnouncements(db: Db, actor: StaffActor) {
  assertCan(actor, 'announcements:send');
  return db
    .select()
    .from(announcements)
    .where(and(eq(announcements.siteId, actor.siteId)))
    .orderBy(desc(announcements.createdAt))
    .limit(20);
}
