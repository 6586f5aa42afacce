import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { jsonError } from '@/server/http/responses';
import { getStorage } from '@/server/storage';
import { serveSignedMedia } from '@/features/media/app';
import { getSite } from '@/features/site/app';

type Context = { params: Promise<{ host: string; token: string }> };

/** GET /media/s/{token}: a member-only file through a URL this site signed (features/media/server/serve). */
export async function GET(request: NextRequest, context: Context) {
  const { host, token } = await context.params;
  try {
    const serveContext = { db: await getDb(), storage: getStorage(), site: await getSite(host) };
    return await serveSignedMedia(request, serveContext, token);
  } catch (error) {
    console.error(error);
    return jsonError('UNAVAILABLE');
  }
}

export const HEAD = GET;
