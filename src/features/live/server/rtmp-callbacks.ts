import 'server-only';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import type { DirectRoute } from '@/server/http/direct-routes';
import { startPublishing, stopPublishing } from '@/features/live/server/streams';

/**
 * nginx-rtmp's callbacks (deploy/live-nginx.conf): a form body with the stream's name and the arguments the encoder
 * gave after it (`{streamId}?key={secret}`). Answered by the front server without Next.js and without a host: the
 * media server calls the app by its own address, and the stream's id says whose it is. 2xx lets the encoder publish,
 * anything else drops it; both need the key, so a stranger can neither start nor end a stream.
 */
export async function rtmpCallback(request: Request, db: Db, act: typeof startPublishing): Promise<Response> {
  try {
    const form = new URLSearchParams(await request.text());
    const accepted = await act(db, form.get('name') ?? '', form.get('key'));
    return new Response(accepted ? 'ok' : 'refused', {
      status: accepted ? 200 : 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    console.error('live: a media server callback failed', error);
    return new Response('unavailable', { status: 503 });
  }
}

export const liveDirectRoutes: readonly DirectRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/live\/rtmp\/publish$/,
    answer: async (request) => rtmpCallback(request, await getDb(), startPublishing),
  },
  {
    method: 'POST',
    path: /^\/api\/live\/rtmp\/publish-done$/,
    answer: async (request) => rtmpCallback(request, await getDb(), stopPublishing),
  },
];
