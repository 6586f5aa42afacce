/**
 * Who a content page is rendered for (docs/decisions/0022). Nothing in a content page is personal, so every viewer
 * of one audience on one site shares one rendering: a visitor's (no valid session), a guest member's item page (the
 * way in is "become premium"), and a premium member's pages. A guest member's top page and lists are a visitor's.
 */
export const AUDIENCES = ['visitor', 'guest', 'premium'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Where the rendering of an audience lives: app/[host]/for/[audience]/…, reached only through proxy.ts. */
export const AUDIENCE_ROUTE = '/for';
/** The header naming the audience of a content answer, for the front server and the HTTP cache before it. */
export const AUDIENCE_HEADER = 'x-fc-audience';

export function isAudience(value: string | null | undefined): value is Audience {
  return (AUDIENCES as readonly string[]).includes(value ?? '');
}

/** The one rule: the rendering a request gets, from the viewer's membership level and whether it asks for an item. */
export function audienceOf(level: 'guest' | 'premium' | null, item: boolean): Audience {
  if (level === 'premium') return 'premium';
  return level === 'guest' && item ? 'guest' : 'visitor';
}
