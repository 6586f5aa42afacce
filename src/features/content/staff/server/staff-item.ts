import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems } from '@/server/db/schema';
import type { Site, SectionId } from '@/features/site';
import type { MovieEmbed, PresaleAccess, TicketSchedule } from '@/server/db/content-schema';
import type { StaffActor } from '@/features/staff';

/** Everything staff see and the audit log records of an item (the body included). */
const STAFF_COLUMNS = {
  id: contentItems.id,
  section: contentItems.section,
  title: contentItems.title,
  teaser: contentItems.teaser,
  bodyHtml: contentItems.bodyHtml,
  openToAll: contentItems.openToAll,
  state: contentItems.state,
  publishedAt: contentItems.publishedAt,
  isLive: contentItems.isLive,
  ticket: contentItems.ticket,
  presale: contentItems.presale,
  embed: contentItems.embed,
  updatedAt: contentItems.updatedAt,
};

export interface StaffItem {
  id: string;
  section: SectionId;
  title: string;
  teaser: string;
  bodyHtml: string;
  openToAll: boolean;
  state: 'draft' | 'published';
  publishedAt: Date;
  isLive: boolean;
  ticket: TicketSchedule | null;
  presale: PresaleAccess | null;
  embed: MovieEmbed | null;
  updatedAt: Date;
}

export type ItemStatus = 'draft' | 'scheduled' | 'published';

/** 下書き, 予約 (published with a time still to come) or 公開中. */
export function itemStatus(item: { state: 'draft' | 'published'; publishedAt: Date }, now: Date): ItemStatus {
  if (item.state === 'draft') return 'draft';
  return item.publishedAt > now ? 'scheduled' : 'published';
}

/** What an API answers about an item after a change. */
export function itemState(item: StaffItem, now: Date = new Date()) {
  return {
    id: item.id,
    section: item.section,
    state: item.state,
    status: itemStatus(item, now),
    publishedAt: item.publishedAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** NOT_FOUND for anything that cannot be an item id (the column is a uuid: a query would fail). */
export function assertItemId(itemId: string): void {
  if (!UUID.test(itemId)) throw new AppError('NOT_FOUND');
}

export function assertSite(actor: StaffActor, site: Site): void {
  if (site.id !== actor.siteId) throw new AppError('FORBIDDEN');
}

/** The item of the actor's site, as it is now; NOT_FOUND for an id of another site (or none). */
export async function findOwn(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertItemId(itemId);
  const [row] = await db
    .select(STAFF_COLUMNS)
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.id, itemId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Reads the item under a row lock, so two saves of one item are recorded one after the other. */
export async function lockOwn(db: Db, actor: StaffActor, itemId: string): Promise<StaffItem> {
  assertItemId(itemId);
  const [row] = await db
    .select(STAFF_COLUMNS)
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.id, itemId)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** What the audit log keeps of an item: its fields, without the bookkeeping column. */
export function snapshot(item: StaffItem) {
  const fields: Partial<StaffItem> = { ...item };
  delete fields.updatedAt;
  return { ...fields, publishedAt: item.publishedAt.toISOString() };
}
