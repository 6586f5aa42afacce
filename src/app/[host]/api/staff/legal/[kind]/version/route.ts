import { jsonOk } from '@/server/http/responses';
import { renewSitePages, staffApi } from '@/features/staff/app';
import { publishNewVersion } from '@/features/consent/server';

/**
 * POST: the saved text of the terms or privacy policy becomes a new version; members are asked to agree again
 * (decision 0027). The sign-up page, which names the version, is renewed.
 */
export const POST = staffApi<{ host: string; kind: string }>(
  'legal:write',
  async ({ params, site, actor, db }) => {
    const published = await publishNewVersion(db, actor, site, params.kind);
    await renewSitePages(db, site.id);
    return jsonOk(published);
  },
);
