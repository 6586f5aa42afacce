// @ts-check
/**
 * Every part of Next.js's private behaviour this app relies on, in one place: a Next.js upgrade re-checks this
 * file (next-internals.test.ts fails, naming it, when the installed Next.js no longer matches).
 */

/** Set by Next.js on an answer it made from a rendering it keeps (HIT, MISS, STALE), never on one rendered for the request. */
export const KEPT_RENDERING_HEADER = 'x-nextjs-cache';
/** The path Next.js rendered (proxy.ts's rewrite): the rendering's key in the store. Internal, never sent on. */
export const RENDERED_PATH_HEADER = 'x-middleware-rewrite';
