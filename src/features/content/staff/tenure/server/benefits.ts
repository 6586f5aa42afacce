import 'server-only';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, tenureBenefits } from '@/server/db/schema';
import type { Site } from '@/features/site';
import type { StaffActor } from '@/features/staff';
import { assertCan, recordAudit } from '@/features/staff/server';
import type { TenureBenefitValues } from '@/features/content/staff/tenure/schemas';

export interface TenureBenefit {
  id: string;
  years: number;
  message: string;
  item: { id: string; section: string; title: string } | null;
}

const columns = {
  id: tenureBenefits.id,
  years: tenureBenefits.years,
  message: tenureBenefits.message,
  itemId: contentItems.id,
  itemSection: contentItems.section,
  itemTitle: contentItems.title,
  itemState: contentItems.state,
};

type Row = {
  id: string;
  years: number;
  message: string;
  itemId: string | null;
  itemSection: string | null;
  itemTitle: string | null;
  itemState: string | null;
};

const toBenefit = (row: Row, publishedOnly: boolean): TenureBenefit => ({
  id: row.id,
  years: row.years,
  message: row.message,
  item:
    row.itemId && row.itemSection && row.itemTitle && (!publishedOnly || row.itemState === 'published')
      ? { id: row.itemId, section: row.itemSection, title: row.itemTitle }
      : null,
});

/** The benefits a member holding `fullYears` continuous years sees: those of every mark they have reached. */
export async function benefitsForYears(db: Db, siteId: string, fullYears: number): Promise<TenureBenefit[]> {
  if (fullYears < 1) return [];
  const rows = await db
    .select(columns)
    .from(tenureBenefits)
    .leftJoin(contentItems, eq(contentItems.id, tenureBenefits.itemId))
    .where(and(eq(tenureBenefits.siteId, siteId), lte(tenureBenefits.years, fullYears)))
    .orderBy(desc(tenureBenefits.years), asc(tenureBenefits.createdAt));
  return rows.map((row) => toBenefit(row, true));
}

export async function listTenureBenefits(db: Db, actor: StaffActor): Promise<TenureBenefit[]> {
  assertCan(actor, 'content:write');
  const rows = await db
    .select(columns)
    .from(tenureBenefits)
    .leftJoin(contentItems, eq(contentItems.id, tenureBenefits.itemId))
    .where(eq(tenureBenefits.siteId, actor.siteId))
    .orderBy(asc(tenureBenefits.years), asc(tenureBenefits.createdAt));
  return rows.map((row) => toBenefit(row, false));
}

/** The site's published items, newest first, to choose a benefit's item from. */
export async function benefitItemChoices(db: Db, actor: StaffActor) {
  assertCan(actor, 'content:write');
  return db
    .select({ id: contentItems.id, section: contentItems.section, title: contentItems.title })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, actor.siteId), eq(contentItems.state, 'published')))
    .orderBy(desc(contentItems.publishedAt))
    .limit(100);
}

/** Attaches a benefit to one of the site's marks, with its audit row, in one transaction. */
export async function addTenureBenefit(
  db: Db,
  actor: StaffActor,
  site: Site,
  input: TenureBenefitValues,
): Promise<{ id: string }> {
  assertCan(actor, 'content:write');
  if (!site.config.TENURE.MARKS.some((mark) => mark.years === input.years)) {
    throw new AppError('VALIDATION', 'サイト設定にない会員歴の証です。選択し直してください。');
  }
  return db.transaction(async (tx) => {
    if (input.itemId) {
      const [item] = await tx
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(and(eq(contentItems.id, input.itemId), eq(contentItems.siteId, actor.siteId)));
      if (!item) throw new AppError('VALIDATION', 'コンテンツが見つかりません。選択し直してください。');
    }
    const [row] = await tx
      .insert(tenureBenefits)
      .values({
        siteId: actor.siteId,
        years: input.years,
        message: input.message,
        itemId: input.itemId,
        createdBy: actor.uid,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'tenure_benefit.create',
      targetType: 'tenure_benefit',
      targetId: row!.id,
      before: null,
      after: { years: input.years, message: input.message, itemId: input.itemId },
    });
    return { id: row!.id };
  });
}

export async function removeTenureBenefit(db: Db, actor: StaffActor, id: string): Promise<void> {
  assertCan(actor, 'content:write');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tenureBenefits)
      .where(and(eq(tenureBenefits.id, id), eq(tenureBenefits.siteId, actor.siteId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordAudit(tx, actor, {
      action: 'tenure_benefit.delete',
      targetType: 'tenure_benefit',
      targetId: row.id,
      before: { years: row.years, message: row.message, itemId: row.itemId },
      after: null,
    });
  });
}
