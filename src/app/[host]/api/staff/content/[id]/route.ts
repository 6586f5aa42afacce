import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi, renewSitePages } from '@/features/staff/app';
import { ITEM_JSON_MAX_BYTES, itemSchemaFor } from '@/features/content';
import { findStaffItem, deleteStaffItem, updateStaffItem, itemState } from '@/features/content/server';

type Params = { host: string; id: string };

/** PUT: saves the item's fields (the body sanitised); a published item's pages show the change at once. */
export const PUT = staffApi<Params>(
  'content:write',
  async ({ db, actor, site, params, body }) => {
    const current = await findStaffItem(db, actor, params.id);
    const parsed = itemSchemaFor(current.section).safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const item = await updateStaffItem(db, actor, current.id, parsed.data);
    await renewSitePages(db, site.id);
    return jsonOk({ item: itemState(item) });
  },
  { maxJsonBytes: ITEM_JSON_MAX_BYTES },
);

/** DELETE: the item, its files and every cached page that showed it. */
export const DELETE = staffApi<Params>('content:write', async ({ db, actor, site, params }) => {
  const item = await deleteStaffItem(db, actor, params.id);
  await renewSitePages(db, site.id);
  return jsonOk({ deleted: item.id });
});
