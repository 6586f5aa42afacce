/**
 * The cached renderings the front server asks Next.js for besides the visitor's (docs/decisions/0012), and the
 * headers of its own requests. proxy.ts honours the view only with the process's secret.
 */
export const FRONT_SECRET_HEADER = 'x-fc-front-secret';
export const FRONT_VIEW_HEADER = 'x-fc-front-view';

export const VIEW_ROUTES = {
  /** An item page for a signed-in member without premium: the way in is "become premium". */
  guest: '/guest-view',
  /**
   * The top page, the lists and the items as every premium member sees them: nothing in them is personal, so one
   * rendering serves them all; its signed media URLs live 5-10 minutes, longer than the page cache serves a rendering
   * (2 minutes).
   */
  premium: '/premium-view',
} as const;

export type FrontView = keyof typeof VIEW_ROUTES;

export function isFrontView(value: string | null): value is FrontView {
  return value !== null && Object.hasOwn(VIEW_ROUTES, value);
}
