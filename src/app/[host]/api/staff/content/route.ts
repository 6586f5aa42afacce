import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { newItemSchema } from '@/features/content';
import { createStaffItem, itemState } from '@/features/content/server';

/** POST {section, title}: a new draft. Nothing on the site changes until it is published. */
export const POST = staffApi<{ host: string }>('content:write', async ({ db, actor, site, body }) => {
  const parsed = newItemSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const item = await createStaffItem(db, actor, site, parsed.data);
  return jsonOk({ item: itemState(item) }, { status: 201 });
});
