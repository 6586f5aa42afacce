import PageStore from '@/server/next-cache/page-store.mjs';
import { PAGE_KIND, pageKeyOf } from '@/server/next-cache/next-internals.mjs';
import type { Audience } from '@/features/content';
import { audiencePath } from '@/features/front/server';

const store = new PageStore();

/**
 * What Next.js does with a rendering it keeps (ISR): hands it to its cache handler, under its route-cache key. For
 * stand-ins of Next.js in the front server's tests.
 */
export function keepRendering(
  host: string,
  audience: Audience,
  path: string,
  html: string,
  options: { revalidate?: number; status?: number } = {},
): Promise<void> {
  return store.set(
    pageKeyOf(audiencePath(host, audience, path)),
    { kind: PAGE_KIND, html, status: options.status ?? 200, headers: {} },
    { cacheControl: { revalidate: options.revalidate ?? 30 } },
  );
}
