import 'server-only';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { siteDocuments, siteHosts, sites } from '@/server/db/schema';
import { siteConfigSchema, type SiteConfig } from '@/features/site/schema';
import type { LegalDocument, SiteFile } from '@/features/site/import-schema';
import { LEGAL_DOCUMENT_KINDS, type LegalDocumentKind } from '@/features/site/legal';

export interface Site {
  id: string;
  slug: string;
  config: SiteConfig;
}

function toSite(row: { id: string; slug: string; config: unknown }): Site {
  // Rows are validated on write; parsing again on read keeps a hand-edited row from reaching a page.
  return { id: row.id, slug: row.slug, config: siteConfigSchema.parse(row.config) };
}

export async function findSiteByHost(db: Db, host: string): Promise<Site | null> {
  const [row] = await db
    .select({ id: sites.id, slug: sites.slug, config: sites.config })
    .from(siteHosts)
    .innerJoin(sites, eq(sites.id, siteHosts.siteId))
    .where(eq(siteHosts.host, host))
    .limit(1);
  return row ? toSite(row) : null;
}

/** Whether some site owns this host: one index lookup, no configuration read or parsed. */
export async function hostExists(db: Db, host: string): Promise<boolean> {
  const [row] = await db
    .select({ host: siteHosts.host })
    .from(siteHosts)
    .where(eq(siteHosts.host, host))
    .limit(1);
  return row !== undefined;
}

/** Every host name of a site (a site may answer on several). */
export async function siteHostNames(db: Db, siteId: string): Promise<string[]> {
  const rows = await db.select({ host: siteHosts.host }).from(siteHosts).where(eq(siteHosts.siteId, siteId));
  return rows.map((row) => row.host);
}

export async function findLegalDocument(
  db: Db,
  siteId: string,
  kind: LegalDocumentKind,
): Promise<LegalDocument | null> {
  const [row] = await db
    .select({ document: siteDocuments.document })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.siteId, siteId), eq(siteDocuments.kind, kind)))
    .limit(1);
  return row?.document ?? null;
}

export interface UpsertResult {
  site: Site;
  created: boolean;
}

/** Adds or updates a site with its hosts and legal pages, all or nothing. Running it twice changes nothing. */
export async function upsertSite(db: Db, file: SiteFile): Promise<UpsertResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sites)
      .values({ slug: file.slug, config: file.config })
      .onConflictDoUpdate({ target: sites.slug, set: { config: file.config, updatedAt: sql`now()` } })
      .returning({ id: sites.id, slug: sites.slug, config: sites.config, created: sql<boolean>`xmax = 0` });
    if (!row) throw new AppError('INTERNAL', `site ${file.slug} was not written`);

    const taken = await tx
      .select({ host: siteHosts.host })
      .from(siteHosts)
      .where(and(inArray(siteHosts.host, file.hosts), notInArray(siteHosts.siteId, [row.id])));
    if (taken.length > 0) {
      throw new AppError(
        'HOST_TAKEN',
        `ホスト名 ${taken.map((t) => t.host).join(', ')} は別のサイトで使われています。`,
      );
    }
    await tx
      .delete(siteHosts)
      .where(and(eq(siteHosts.siteId, row.id), notInArray(siteHosts.host, file.hosts)));
    await tx
      .insert(siteHosts)
      .values(file.hosts.map((host) => ({ host, siteId: row.id })))
      .onConflictDoNothing();

    for (const kind of LEGAL_DOCUMENT_KINDS) {
      await tx
        .insert(siteDocuments)
        .values({ siteId: row.id, kind, document: file.documents[kind] })
        .onConflictDoUpdate({
          target: [siteDocuments.siteId, siteDocuments.kind],
          set: { document: file.documents[kind], updatedAt: sql`now()` },
        });
    }
    return { site: toSite(row), created: row.created };
  });
}

/** Replaces one legal page of a site (the staff console's edit); false when the site has no such page. */
export async function updateLegalDocument(
  db: Db,
  siteId: string,
  kind: LegalDocumentKind,
  document: LegalDocument,
): Promise<boolean> {
  const rows = await db
    .update(siteDocuments)
    .set({ document, updatedAt: sql`now()` })
    .where(and(eq(siteDocuments.siteId, siteId), eq(siteDocuments.kind, kind)))
    .returning({ kind: siteDocuments.kind });
  return rows.length > 0;
}
