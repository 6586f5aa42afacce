import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { siteDocuments } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import { linkedLegalKinds } from '@/features/consent/staff/server/legal';

/** The pages members agree to; the statutory notices (psa, asct) are shown, not agreed to. */
export const VERSIONED_KINDS = ['terms', 'privacy'] as const;
export type VersionedKind = (typeof VERSIONED_KINDS)[number];
export const isVersionedKind = (kind: string): kind is VersionedKind =>
  (VERSIONED_KINDS as readonly string[]).includes(kind);

export interface DocumentVersion {
  version: number;
  publishedAt: Date;
}

export async function getDocumentVersion(
  db: Db,
  actor: StaffActor,
  site: Site,
  kind: VersionedKind,
): Promise<DocumentVersion | null> {
  assertCan(actor, 'legal:write');
  const [row] = await db
    .select({ version: siteDocuments.version, publishedAt: siteDocuments.versionPublishedAt })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.siteId, actor.siteId), eq(siteDocuments.kind, kind)));
  return row && site.id === actor.siteId ? row : null;
}

/**
 * Publishes the saved text as a new version (decision 0027): the version goes up by one, and every member who
 * agreed to an older one is asked to agree again at their next visit to My page. Plain saves keep the version, so
 * a typo fixed asks nobody. The row is locked, so an agreement recorded at the same moment is to one version or the
 * other, never to a version that no longer exists. Audited with the versions before and after.
 */
export async function publishNewVersion(
  db: Db,
  actor: StaffActor,
  site: Site,
  kind: string,
): Promise<DocumentVersion> {
  assertCan(actor, 'legal:write');
  if (site.id !== actor.siteId || !isVersionedKind(kind) || !linkedLegalKinds(site).includes(kind)) {
    throw new AppError('NOT_FOUND', 'このページには版がありません。');
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const where = and(eq(siteDocuments.siteId, actor.siteId), eq(siteDocuments.kind, kind));
    const [before] = await tx
      .select({ version: siteDocuments.version })
      .from(siteDocuments)
      .where(where)
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'このサイトにはこのページがありません。');
    const [after] = await tx
      .update(siteDocuments)
      .set({
        version: sql`${siteDocuments.version} + 1`,
        versionPublishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning({ version: siteDocuments.version, publishedAt: siteDocuments.versionPublishedAt });
    await recordAudit(tx, actor, {
      action: 'legal.publish_version',
      targetType: 'legal_document',
      targetId: kind,
      before: { version: before.version },
      after: { version: after!.version },
    });
    return after!;
  });
}
