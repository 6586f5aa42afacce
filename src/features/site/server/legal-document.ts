import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getDb } from '@/server/db';
import { findLegalDocument } from '@/features/site/server/repository';
import type { Site } from '@/features/site/server/repository';
import type { LegalDocumentKind } from '@/features/site/legal';

/** The site's legal page of this kind; 404 when the site does not link it or has no text for it. */
export const requireLegalDocument = cache(async (site: Site, kind: LegalDocumentKind) => {
  if (!site.config.FOOTER_CONTENT.some((link) => link.id === kind)) notFound();
  return (await findLegalDocument(await getDb(), site.id, kind)) ?? notFound();
});
