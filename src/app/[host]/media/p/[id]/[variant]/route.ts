import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { jsonError } from '@/server/http/responses';
import { getStorage } from '@/server/storage';
import { servePublicMedia } from '@/features/media/app';
import { getSite } from '@/features/site/app';

type Context = { params: Promise<{ host: string; id: string; variant: string }> };

/** GET /media/p/{mediaId}/{variant}: a file of a published item everyone may see (features/media/server/serve). */
export async function GET(request: NextRequest, context: Context) {
  const { host, id, variant } = await context.params;
  try {
    const serveContext = { db: await getDb(), storage: getStorage(), site: await getSite(host) };
    return await servePublicMedia(request, serveContext, id, variant);
  } catch (error) {
    console.error(error);
    return jsonError('UNAVAILABLE');
  }
}

export const HEAD = GET;
