import 'server-only';
import { and, eq, lte, sql } from 'drizzle-orm';
import { contentItems, presales } from '@/server/db/schema';
import type { Site, SectionId } from '@/features/site';
import { isLive, mayView } from '@/features/content/access';
import { requiredStatus } from '@/features/site';
import type { TicketSchedule } from '@/server/db/content-schema';
import type { ItemSummary, ViewerLevel } from '@/features/content/types';

/** content_items' own columns, named in full: a one-table select names them bare, which a subquery would misread. */
const item = (column: 'id' | 'ticket') => sql.raw(`"content_items"."${column}"`);
const iso = (column: 'opens_at' | 'closes_at') =>
  sql.raw(`to_char(p.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The item's schedule as shown: where the item has a members' presale, its application window is the presale's
 * (one source of truth, issue 37: the page cannot show 受付期間 other than the one the presale takes applications in).
 */
const shownTicket = sql<TicketSchedule | null>`coalesce(
    (select ${item('ticket')} || jsonb_build_object('applyFrom', ${iso('opens_at')}, 'applyUntil', ${iso('closes_at')})
       from ${presales} p where p.item_id = ${item('id')}),
    ${item('ticket')})`
  .mapWith(contentItems.ticket)
  .as('ticket');

/** The columns anyone may see. Member-only columns are read only by fullItem, after the viewer was checked. */
export const PUBLIC_COLUMNS = {
  id: contentItems.id,
  section: contentItems.section,
  title: contentItems.title,
  teaser: contentItems.teaser,
  publishedAt: contentItems.publishedAt,
  isLive: contentItems.isLive,
  openToAll: contentItems.openToAll,
  ticket: shownTicket,
};
export interface PublicRow {
  id: string;
  section: SectionId;
  title: string;
  teaser: string;
  publishedAt: Date;
  isLive: boolean;
  openToAll: boolean;
  ticket: TicketSchedule | null;
}

/** Published and due: a scheduled item stays out of every list and page until its time. */
export function visible(siteId: string, now: Date) {
  return and(
    eq(contentItems.siteId, siteId),
    eq(contentItems.state, 'published'),
    lte(contentItems.publishedAt, now),
  );
}

export interface ViewContext {
  site: Site;
  viewer: ViewerLevel;
  now: Date;
}

/** How a viewer's pages reach an item's files: public URLs for open items, short-lived signed ones otherwise. */
export function accessOf(ctx: ViewContext, row: PublicRow) {
  const required = requiredStatus(ctx.site.config, row);
  return {
    allowed: mayView(ctx.viewer, required),
    urls: required === 'guest' ? 'public' : 'signed',
  } as const;
}

export function summaryOf(ctx: ViewContext, row: PublicRow, allowed: boolean): ItemSummary {
  return {
    id: row.id,
    section: row.section,
    title: row.title,
    teaser: row.teaser,
    publishedAt: row.publishedAt.toISOString(),
    live: isLive(row, ctx.now),
    locked: !allowed,
    cover: null,
    ticket: row.ticket,
  };
}
