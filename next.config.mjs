// @ts-check
// Plain JavaScript: Next.js reads a next.config.ts through its compiler (SWC), which a production server then keeps
// loaded (26 MiB resident) only for that (docs/decisions/0012, 2026-11-26).
import path from 'node:path';
import {
  CAMERA_PAGES,
  CAMERA_PERMISSIONS_POLICY,
  SECURITY_HEADERS,
} from './src/server/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // How long a CDN may serve a stale cached page while it revalidates (Next.js's default is a year).
  expireTime: 3600,
  // Next.js keeps its renderings in our store, which the front server answers content pages from (decision 0023).
  cacheHandler: path.resolve('src/server/next-cache/page-store.mjs'),
  cacheMaxMemorySize: 0,
  reactStrictMode: true,
  // `npm test` type-checks the whole project first (npm run typecheck); the build need not do it a second time.
  typescript: { ignoreBuildErrors: true },
  // forbidden(): staff pages answer 403 to a signed-in user without the role (features/staff/server/staff.ts).
  // Uploads (a staff video is up to 512 MB) pass through proxy.ts, which would cut any body at 10 MB.
  // Turbopack's build cache speeds up the next build of a checkout; CI builds a fresh clone once, and writing the
  // cache cost that build half a minute (docs/decisions/0015).
  experimental: {
    authInterrupts: true,
    proxyClientMaxBodySize: '520mb',
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // PGlite loads its WebAssembly and data files from its own package folder at run time. rate-limiter-flexible loads
  // drizzle-orm by a name it computes at run time, which a bundle cannot follow: both come from node_modules, so the
  // app and the limiter share one drizzle-orm.
  serverExternalPackages: ['@electric-sql/pglite', 'rate-limiter-flexible', 'drizzle-orm'],
  async headers() {
    // A later rule's header of the same name replaces an earlier one's: the door page may use the camera.
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      ...CAMERA_PAGES.map((source) => ({ source, headers: [CAMERA_PERMISSIONS_POLICY] })),
    ];
  },
};

export default nextConfig;
