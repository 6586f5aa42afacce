import { z } from '@/lib/zod';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { renewSitePages, staffApi } from '@/features/staff/app';
import { CAPTION_MAX, deleteItemFile, updateItemFile } from '@/features/media/server';

type Params = { host: string; id: string; mediaId: string };

const changeSchema = z
  .strictObject({
    caption: z
      .string()
      .trim()
      .max(CAPTION_MAX, { error: `キャプションは ${CAPTION_MAX} 文字以内で入力してください。` })
      .optional(),
    role: z.literal('cover', { error: '指定できるのはカバーだけです。' }).optional(),
  })
  .refine((change) => change.caption !== undefined || change.role !== undefined, {
    error: '変更する内容がありません。',
  });

/** { caption } and/or { role: 'cover' } (this image becomes the cover; the old cover takes its place). */
export const PATCH = staffApi<Params>('content:write', async ({ params, site, actor, db, body }) => {
  const parsed = changeSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const { caption, role } = parsed.data;
  const { files } = await updateItemFile(db, actor, params.id, params.mediaId, {
    caption,
    ...(role === 'cover' ? { cover: true as const } : {}),
  });
  await renewSitePages(db, site.id);
  return jsonOk({ files });
});

export const DELETE = staffApi<Params>('content:write', async ({ params, site, actor, db }) => {
  await deleteItemFile(db, actor, params.id, params.mediaId);
  await renewSitePages(db, site.id);
  return jsonOk({ deleted: params.mediaId });
});
