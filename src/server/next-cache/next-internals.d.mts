/** Types of next-internals.mjs (Next.js's private behaviour this app relies on). */
export const KEPT_RENDERING_HEADER: 'x-nextjs-cache';
export const RENDERED_PATH_HEADER: 'x-middleware-rewrite';
