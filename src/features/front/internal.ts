/**
 * The front server's one request to its own Next.js: after another instance changed a site, it expires the site's
 * renderings there (app/[host]/api/internal/page-cache), proving itself with the process's secret in this header.
 */
export const FRONT_SECRET_HEADER = 'x-fc-front-secret';
