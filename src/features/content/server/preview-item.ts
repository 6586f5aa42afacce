import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { detailOf } from '@/features/content/server/items';
import { PUBLIC_COLUMNS } from '@/features/content/server/rows';
import type { ItemDetail } from '@/features/content/types';

/**
 * An item of the site, in any state (draft, scheduled, published), exactly as a viewer of this level would see it
 * on its page: the same gate (detailOf) the fan pages use, so a guest preview shows the teaser and the call to
 * join and nothing more. Files get signed URLs. For staff pages only: the caller checks the staff role.
 */
export async function previewItem(
  db: Db,
  site: Site,
  itemId: string,
  viewer: 'guest' | 'premium',
  now: Date,
): Promise<ItemDetail | null> {
  const [row] = await db
    .select(PUBLIC_COLUMNS)
    .from(contentItems)
    .where(and(eq(contentItems.siteId, site.id), eq(contentItems.id, itemId)))
    .limit(1);
  if (!row) return null;
  return detailOf(db, { site, viewer, now }, row, { signedUrls: true });
}
