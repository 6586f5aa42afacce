import { revalidatePath } from 'next/cache';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/server/env';
import { getSite } from '@/features/site/server/site';
import { FRONT_SECRET_HEADER } from '@/features/front/internal';

/**
 * The front server of this process, after another instance changed the site (its page-cache generation moved):
 * expires the cached renderings in this instance's Next.js, so that what the front server
 * renders next is fresh (docs/decisions/0012). Only the front server knows the secret; anyone else gets a 404.
 */
export async function POST(request: NextRequest, props: { params: Promise<{ host: string }> }) {
  const secret = env.FRONT_INTERNAL_SECRET;
  const site = await getSite((await props.params).host);
  if (!secret || request.headers.get(FRONT_SECRET_HEADER) !== secret || !site) {
    return NextResponse.json({ error: 'ページが見つかりません。' }, { status: 404 });
  }
  // Every page under app/[host], of every site: publishing is rare enough that rendering this instance's pages
  // afresh once costs little, and no list of paths can then miss one.
  revalidatePath('/[host]', 'layout');
  return new NextResponse(null, { status: 204 });
}
