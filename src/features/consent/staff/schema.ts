import type { z } from '@/lib/zod';
import { siteFileSchema, LEGAL_DOCUMENT_KINDS, type LegalDocumentKind } from '@/features/site';

/**
 * A legal page as the console edits it: the schema of the site file (features/site/import-schema.ts), the same in
 * the form and on the server, plus distinct headings (the page lists its items by heading).
 */
export const legalDocumentSchema = siteFileSchema.shape.documents.shape.terms.superRefine((document, ctx) => {
  const seen = new Set<string>();
  document.items.forEach((item, index) => {
    if (seen.has(item.heading)) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', index, 'heading'],
        message: '同じ見出しの項目がすでにあります。',
      });
    }
    seen.add(item.heading);
  });
});

export type LegalDocumentInput = z.input<typeof legalDocumentSchema>;
export type LegalDocumentValues = z.output<typeof legalDocumentSchema>;

export const isLegalKind = (kind: string): kind is LegalDocumentKind =>
  (LEGAL_DOCUMENT_KINDS as readonly string[]).includes(kind);
