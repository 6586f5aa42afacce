import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { renewSitePages, staffApi } from '@/features/staff/app';
import { legalDocumentSchema } from '@/features/consent';
import { getLegalDocument, saveLegalDocument } from '@/features/consent/server';

type Params = { host: string; kind: string };

export const GET = staffApi<Params>('legal:write', async ({ params, site, actor, db }) =>
  jsonOk(await getLegalDocument(db, actor, site, params.kind)),
);

/** The whole page (title, intro, items), checked with the site file's schema; the public page shows it at once. */
export const PUT = staffApi<Params>(
  'legal:write',
  async ({ params, site, actor, db, body }) => {
    // An unknown page is 404 before the body is judged.
    await getLegalDocument(db, actor, site, params.kind);
    const parsed = legalDocumentSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const kind = await saveLegalDocument(db, actor, site, params.kind, parsed.data);
    await renewSitePages(db, site.id);
    return jsonOk({ kind, document: (await getLegalDocument(db, actor, site, kind)).document });
  },
  { maxJsonBytes: 1024 * 1024 },
);
