import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site/server/repository';
import { findItem } from '@/features/content/server/items';
import { EMPTY_PRIVATE_REGION, FilledRegion } from '@/features/content/components/private-region-view';
import type { Rendering } from '@/features/front/server/rendering';
import type { PageRequest } from '@/features/front/server/requests';

const MARKER = Buffer.from(EMPTY_PRIVATE_REGION);
const REGION_START = '<div data-private-region="">';
const HEAD_END = Buffer.from('</head>');

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
  const html = renderToString(createElement(FilledRegion, { data: { item, now: now.toISOString() } }));
  // React puts its preloads (the first, largest image) before the markup; they belong in the head, where the
  // browser finds them early and hydration does not look for them.
  const start = html.indexOf(REGION_START);
  const preloads = Buffer.from(html.slice(0, start));
  const region = Buffer.from(html.slice(start));
  const headEnd = shell.body.indexOf(HEAD_END);
  const before =
    headEnd >= 0 && headEnd < at
      ? [shell.body.subarray(0, headEnd), preloads, shell.body.subarray(headEnd, at)]
      : [shell.body.subarray(0, at)];
  return {
    status: 200,
    headers: shell.headers,
    body: Buffer.concat([...before, region, shell.body.subarray(at + MARKER.length)]),
  };
}
