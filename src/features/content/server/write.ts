import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, type MovieEmbed, type PresaleAccess, type TicketSchedule } from '@/server/db/schema';
import type { SectionId } from '@/features/site';
import { plainText, sanitizeBody } from '@/features/content/server/sanitize';

export interface ItemInput {
  section: SectionId;
  title: string;
  teaser?: string;
  bodyHtml?: string;
  openToAll?: boolean;
  state?: 'draft' | 'published';
  publishedAt?: Date;
  isLive?: boolean;
  ticket?: TicketSchedule | null;
  presale?: PresaleAccess | null;
  embed?: MovieEmbed | null;
}

/**
 * The only way items reach the database: text fields lose all markup and the body keeps only safe rich text, so
 * nothing staff (or an import) write can run script in a fan's browser.
 */
export async function createItem(db: Db, siteId: string, input: ItemInput): Promise<{ id: string }> {
  const [row] = await db
    .insert(contentItems)
    .values({
      siteId,
      section: input.section,
      title: plainText(input.title),
      teaser: plainText(input.teaser ?? ''),
      bodyHtml: sanitizeBody(input.bodyHtml ?? ''),
      openToAll: input.openToAll ?? false,
      state: input.state ?? 'draft',
      publishedAt: input.publishedAt ?? new Date(),
      isLive: input.isLive ?? false,
      ticket: input.ticket ?? null,
      presale: input.presale ?? null,
      embed: input.embed ?? null,
    })
    .returning({ id: contentItems.id });
  return row!;
}

export async function setItemBody(db: Db, siteId: string, itemId: string, bodyHtml: string): Promise<void> {
  await db
    .update(contentItems)
    .set({ bodyHtml: sanitizeBody(bodyHtml), updatedAt: sql`now()` })
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, siteId)));
}

export type ItemUpdate = Partial<Omit<ItemInput, 'section'>>;

/**
 * Changes an item's fields with the same cleaning as createItem: whatever an editor's browser sends, the body keeps
 * only safe rich text and the text fields no markup. Returns whether a row of this site was changed.
 */
export async function updateItem(
  db: Db,
  siteId: string,
  itemId: string,
  input: ItemUpdate,
): Promise<boolean> {
  const rows = await db
    .update(contentItems)
    .set({
      ...(input.title !== undefined && { title: plainText(input.title) }),
      ...(input.teaser !== undefined && { teaser: plainText(input.teaser) }),
      ...(input.bodyHtml !== undefined && { bodyHtml: sanitizeBody(input.bodyHtml) }),
      ...(input.openToAll !== undefined && { openToAll: input.openToAll }),
      ...(input.state !== undefined && { state: input.state }),
      ...(input.publishedAt !== undefined && { publishedAt: input.publishedAt }),
      ...(input.isLive !== undefined && { isLive: input.isLive }),
      ...(input.ticket !== undefined && { ticket: input.ticket }),
      ...(input.presale !== undefined && { presale: input.presale }),
      ...(input.embed !== undefined && { embed: input.embed }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, siteId)))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}
