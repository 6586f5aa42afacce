import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { siteDocuments } from '@/server/db/schema';
import type { LegalDocument } from '@/features/site';
import { LEGAL_DOCUMENT_KINDS, LEGAL_LINK_LABELS, type LegalDocumentKind } from '@/features/site';
import { findLegalDocument, updateLegalDocument, type Site } from '@/features/site/server';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';

export interface LegalSummary {
  kind: LegalDocumentKind;
  label: string;
  title: string | null;
  updatedAt: Date | null;
}

/** The legal pages the site links in its footer (FOOTER_CONTENT), in that order. */
export function linkedLegalKinds(site: Site): LegalDocumentKind[] {
  const kinds = LEGAL_DOCUMENT_KINDS as readonly string[];
  return site.config.FOOTER_CONTENT.map((link) => link.id as string).filter((id): id is LegalDocumentKind =>
    kinds.includes(id),
  );
}

function assertSite(actor: StaffActor, site: Site): void {
  if (site.id !== actor.siteId) throw new AppError('NOT_FOUND');
}

function assertLinked(site: Site, kind: string): asserts kind is LegalDocumentKind {
  if (!linkedLegalKinds(site).includes(kind as LegalDocumentKind)) {
    throw new AppError('NOT_FOUND', 'このサイトにはこのページがありません。');
  }
}

export async function listLegalDocuments(db: Db, actor: StaffActor, site: Site): Promise<LegalSummary[]> {
  assertCan(actor, 'legal:write');
  assertSite(actor, site);
  const rows = await db
    .select({
      kind: siteDocuments.kind,
      document: siteDocuments.document,
      updatedAt: siteDocuments.updatedAt,
    })
    .from(siteDocuments)
    .where(eq(siteDocuments.siteId, actor.siteId));
  return linkedLegalKinds(site).map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      label: LEGAL_LINK_LABELS[kind],
      title: row?.document.title ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

export async function getLegalDocument(
  db: Db,
  actor: StaffActor,
  site: Site,
  kind: string,
): Promise<{ kind: LegalDocumentKind; document: LegalDocument }> {
  assertCan(actor, 'legal:write');
  assertSite(actor, site);
  assertLinked(site, kind);
  const document = await findLegalDocument(db, actor.siteId, kind);
  if (!document) throw new AppError('NOT_FOUND', 'このサイトにはこのページがありません。');
  return { kind, document };
}

/** Replaces the page with its audit row (before and after), all or nothing. The document is already validated. */
export async function saveLegalDocument(
  db: Db,
  actor: StaffActor,
  site: Site,
  kind: string,
  document: LegalDocument,
): Promise<LegalDocumentKind> {
  assertCan(actor, 'legal:write');
  assertSite(actor, site);
  assertLinked(site, kind);
  const saved: LegalDocument = { ...document, intro: document.intro ? document.intro : undefined };
  if (!saved.intro) delete saved.intro;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [before] = await tx
      .select({ document: siteDocuments.document })
      .from(siteDocuments)
      .where(and(eq(siteDocuments.siteId, actor.siteId), eq(siteDocuments.kind, kind)))
      .for('update');
    if (!before || !(await updateLegalDocument(tx, actor.siteId, kind, saved))) {
      throw new AppError('NOT_FOUND', 'このサイトにはこのページがありません。');
    }
    await recordAudit(tx, actor, {
      action: 'legal.update',
      targetType: 'legal_document',
      targetId: kind,
      before: before.document,
      after: saved,
    });
  });
  return kind;
}
