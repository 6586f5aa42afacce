import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site/server/repository';
import { findItem } from '@/features/content/server/items';
import { EMPTY_PRIVATE_REGION, FilledRegion } from '@/features/content/components/private-region-view';
import type { Rendering } from '@/features/front/server/rendering';
import type { PageRequest } from '@/features/front/server/requests';

const MARKER = Buffer.from(EMPTY_PRIVATE_REGION);

/**
 * A premium member's item page: the cached shell (nothing member-only in it) with its PrivateRegion filled for this
 * request from the database: the item as findItem gives it to a premium viewer, which is the gate of every item
 * page. Null when the item is no longer there for a premium member (Next.js then answers, with its 404).
 */
export async function fillPrivateRegion(
  db: Db,
  site: Site,
  request: PageRequest & { item: NonNullable<PageRequest['item']> },
  shell: Rendering,
): Promise<Rendering | null> {
  const at = shell.body.indexOf(MARKER);
  // An item open to everyone has nothing member-only: its shell is the whole page.
  if (at < 0) return shell;
  const now = new Date();
  const item = await findItem(db, { site, viewer: 'premium', now }, request.item.section, request.item.id);
  if (!item || item.locked) return null;
  const region = renderToString(createElement(FilledRegion, { data: { item, now: now.toISOString() } }));
  return {
    status: 200,
    headers: shell.headers,
    body: Buffer.concat([
      shell.body.subarray(0, at),
      Buffer.from(region),
      shell.body.subarray(at + MARKER.length),
    ]),
  };
}
