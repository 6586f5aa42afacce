import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { siteDocuments } from '@/server/db/schema';
import type { Site } from '@/features/site';
import type { CurrentVersions } from '@/features/consent/versions';

const CONSENT_KINDS = ['terms', 'privacy'] as const;

/**
 * The site's current terms and privacy versions: the pages it links in its footer and has text for. `lock` takes a
 * share lock on them, so that an agreement and staff publishing a new version cannot cross (one waits for the other).
 */
export async function currentVersions(db: Db, site: Site, { lock = false } = {}): Promise<CurrentVersions> {
  const linked = CONSENT_KINDS.filter((kind) => site.config.FOOTER_CONTENT.some((link) => link.id === kind));
  const result: CurrentVersions = { terms: null, privacy: null };
  if (linked.length === 0) return result;
  const query = db
    .select({
      kind: siteDocuments.kind,
      version: siteDocuments.version,
      publishedAt: siteDocuments.versionPublishedAt,
      document: siteDocuments.document,
    })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.siteId, site.id), inArray(siteDocuments.kind, linked)));
  const rows = lock ? await query.for('share') : await query;
  for (const row of rows) {
    if (row.kind !== 'terms' && row.kind !== 'privacy') continue;
    result[row.kind] = { version: row.version, publishedAt: row.publishedAt, title: row.document.title };
  }
  return result;
}
