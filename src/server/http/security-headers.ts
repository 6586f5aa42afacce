/**
 * The headers every answer carries: Next.js adds them to its own (next.config.ts), and the front server to the pages
 * it answers from the store without Next.js (features/front/server/stored-page.ts).
 */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
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
