import 'server-only';
import { z } from 'zod';
import { parseJstLocal } from '@/lib/dates';
import { env } from '@/server/env';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError, jsonInvalid, jsonOk } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { staffApi } from '@/features/staff/app';
import { ARCHIVE_DAYS_MAX } from '@/features/live/types';
import { streamKeyText } from '@/features/live/server/keys';
import { liveSourceFor } from '@/features/live/server/source';
import { regenerateStreamKey, saveStream } from '@/features/live/server/streams';
import { staffStream } from '@/features/live/server/staff-stream';
import { getLiveViewer } from '@/features/live/server/viewer';

export const LIVE_OFF_MESSAGE = 'ライブ配信サーバーが設定されていません。運営にお問い合わせください。';
export const LIVE_MEMBERS_MESSAGE = 'このライブ配信は有料会員限定です。';

/**
 * GET /api/live/{itemId}: the player's state and, for a viewer who may see the item, a playlist address signed for
 * them for a few minutes. The player asks again to follow the stream's state and before its address expires.
 */
export async function getLiveSource(
  _request: Request,
  context: { params: Promise<{ host: string; itemId: string }> },
): Promise<Response> {
  try {
    const { host, itemId } = await context.params;
    const site = await getSite(host);
    if (!site) return jsonError('NOT_FOUND');
    if (!env.LIVE_HLS_URL) return jsonError('UNAVAILABLE', LIVE_OFF_MESSAGE);
    const viewer = await getLiveViewer(site, host);
    const result = await liveSourceFor(await getDb(), site, itemId, viewer, {
      hlsUrl: env.LIVE_HLS_URL,
      secret: env.LIVE_URL_SECRET,
    });
    if (!result.ok) {
      return result.reason === 'forbidden'
        ? jsonError('FORBIDDEN', LIVE_MEMBERS_MESSAGE)
        : jsonError('NOT_FOUND');
    }
    return jsonOk(result.source);
  } catch (error) {
    return jsonFromError(error);
  }
}

const settingsSchema = z.strictObject({
  scheduledAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: '配信開始予定日時を入力してください' }),
  archiveDays: z.coerce
    .number({ error: 'アーカイブの公開日数を数字で入力してください' })
    .int({ error: 'アーカイブの公開日数は整数で入力してください' })
    .min(0, { error: 'アーカイブの公開日数は 0 日以上にしてください' })
    .max(ARCHIVE_DAYS_MAX, { error: `アーカイブの公開日数は ${ARCHIVE_DAYS_MAX} 日以内にしてください` }),
});

type ItemParams = { host: string; id: string };

/** POST /api/staff/live/{itemId}: make the item a live stream (its key is answered this once) or change it. */
export const postStaffLive = staffApi<ItemParams>(
  'content:write',
  async ({ db, actor, site, params, body }) => {
    const parsed = settingsSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const scheduledAt = parseJstLocal(parsed.data.scheduledAt);
    if (Number.isNaN(scheduledAt.getTime())) {
      return jsonInvalid([{ path: ['scheduledAt'], message: 'ありえない日時です。日付を確かめてください' }]);
    }
    const { stream, secret } = await saveStream(db, actor, site, params.id, {
      scheduledAt,
      archiveDays: parsed.data.archiveDays,
    });
    return jsonOk({
      stream: staffStream(stream),
      streamKey: secret ? streamKeyText(stream.id, secret) : null,
    });
  },
);

/** POST /api/staff/live/{itemId}/key: a new stream key; the old one stops working. */
export const postStaffLiveKey = staffApi<ItemParams>('content:write', async ({ db, actor, site, params }) => {
  const { stream, secret } = await regenerateStreamKey(db, actor, site, params.id);
  return jsonOk({ stream: staffStream(stream), streamKey: streamKeyText(stream.id, secret) });
});
