import { jsonError, jsonOk } from '@/server/http/responses';
import { staffApi, renewSitePages } from '@/features/staff/app';
import { publishStaffItem, unpublishStaffItem, itemState } from '@/features/content/server';

const ACTIONS = { publish: publishStaffItem, unpublish: unpublishStaffItem } as const;

/** POST …/publish or …/unpublish: the site's cached pages of the item are dropped once the change is committed. */
export const POST = staffApi<{ host: string; id: string; action: string }>(
  'content:write',
  async ({ db, actor, site, params }) => {
    const run = Object.hasOwn(ACTIONS, params.action) ? ACTIONS[params.action as keyof typeof ACTIONS] : null;
    if (!run) return jsonError('NOT_FOUND');
    const item = await run(db, actor, params.id);
    await renewSitePages(db, site.id);
    return jsonOk({ item: itemState(item) });
  },
);
