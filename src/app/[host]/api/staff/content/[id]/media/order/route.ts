import { z } from '@/lib/zod';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { renewSitePages, staffApi } from '@/features/staff/app';
import { reorderGallery } from '@/features/media/server';

type Params = { host: string; id: string };

const orderSchema = z.strictObject({
  ids: z.array(z.string().max(64), { error: '並び順を指定してください。' }).max(1000),
});

/** { ids: [...] }: exactly the item's gallery photos in their new order (else 422, nothing changed). */
export const PUT = staffApi<Params>(
  'content:write',
  async ({ params, site, actor, db, body }) => {
    const parsed = orderSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const { files } = await reorderGallery(db, actor, params.id, parsed.data.ids);
    await renewSitePages(db, site.id);
    return jsonOk({ files });
  },
  { maxJsonBytes: 64 * 1024 },
);
