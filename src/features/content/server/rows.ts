import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import { contentItems } from '@/server/db/schema';
import type { Site, SectionId } from '@/features/site';
import { isLive, mayView, requiredStatus } from '@/features/content/access';
import type { TicketSchedule } from '@/server/db/content-schema';
import type { ItemSummary, ViewerLevel } from '@/features/content/types';

/** The columns anyone may see. Member-only columns are read only by fullItem, after the viewer was checked. */
export const PUBLIC_COLUMNS = {
  id: contentItems.id,
  section: contentItems.section,
  title: contentItems.title,
  teaser: contentItems.teaser,
  publishedAt: contentItems.publishedAt,
  isLive: contentItems.isLive,
  openToAll: contentItems.openToAll,
  ticket: contentItems.ticket,
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
