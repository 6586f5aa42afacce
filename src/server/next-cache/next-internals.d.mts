/** Types of next-internals.mjs (Next.js's private behaviour this app relies on, in one place). */
export const VERIFIED_NEXT: string;
export const KEPT_RENDERING_HEADER: 'x-nextjs-cache';
export const RENDERED_PATH_HEADER: 'x-middleware-rewrite';
export const CACHE_TAGS_HEADER: 'x-next-cache-tags';
export const PAGE_KIND: 'APP_PAGE';
export const ROUTER_STATE_HEADER: 'next-router-state-tree';
export const ROUTER_HEADERS: readonly string[];
export const PAGE_VARY: string;
export function pageKeyOf(path: string, route?: string): string;
export function pathInKey(key: string): string;
export function pagePathOf(key: string, value: { kind: string }): string | null;
