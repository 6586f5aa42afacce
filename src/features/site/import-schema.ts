import { z } from '@/lib/zod';
import type { StoredLegalDocument } from '@/server/db/json-types';
import { siteConfigSchema } from '@/features/site/schema';
import { LEGAL_DOCUMENT_KINDS } from '@/features/site/legal';
import { isValidHost } from '@/features/site/host';

/** A legal page; it fits `site_documents.document`, whose type the database declares (src/server/db/json-types.ts). */
const legalDocumentSchema = z.strictObject({
  title: z.string().trim().min(1).max(100),
  intro: z.string().trim().max(2000).optional(),
  items: z
    .array(
      z.strictObject({
        heading: z.string().trim().min(1).max(200),
        text: z.string().trim().min(1).max(10_000),
      }),
    )
    .min(1)
    .max(100),
}) satisfies z.ZodType<StoredLegalDocument>;

/** What `npm run site -- upsert <file>` accepts: the configuration plus the site's host names and legal pages. */
export const siteFileSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: '英小文字・数字・ハイフンで 40 文字以内' }),
  hosts: z
    .array(z.string().refine(isValidHost, { error: 'ポートを含まない小文字のホスト名を指定してください' }))
    .min(1)
    .refine((hosts) => new Set(hosts).size === hosts.length, { error: 'ホスト名が重複しています' }),
  config: siteConfigSchema,
  documents: z.strictObject(
    Object.fromEntries(LEGAL_DOCUMENT_KINDS.map((kind) => [kind, legalDocumentSchema])) as Record<
      (typeof LEGAL_DOCUMENT_KINDS)[number],
      typeof legalDocumentSchema
    >,
  ),
});

export type SiteFile = z.infer<typeof siteFileSchema>;
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Every problem of a failed parse, one line each, with the path of the bad field. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(ファイル全体)';
    return `${path}: ${issue.message}`;
  });
}
