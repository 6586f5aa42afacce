// @ts-check
/**
 * The headers every answer carries: Next.js adds them to its own (next.config.mjs), and the front server to the pages
 * it answers from the store without Next.js (features/front/server/stored-page.ts). Plain JavaScript because
 * next.config.mjs imports it as it is (decision 0012, 2026-11-26).
 */
export const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

/** The one page that may use the camera: the door's entrance check reads ticket codes with it (decision 0033). */
export const CAMERA_PAGES = ['/staff/door'];
export const CAMERA_PERMISSIONS_POLICY = {
  key: 'Permissions-Policy',
  value: 'camera=(self), microphone=(), geolocation=()',
};
