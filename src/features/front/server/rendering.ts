import http from 'node:http';
import { SESSION_COOKIE } from '@/features/auth/server/cookie';
import { AUDIENCE_HEADER, type Audience } from '@/features/front/audience';
import { FRONT_SECRET_HEADER } from '@/features/front/internal';

/** One rendering as Next.js answered it, ready to send again. */
export interface Rendering {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Never stored nor repeated: they belong to one connection or one response. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'set-cookie',
  'x-db-round-trips',
]);

export interface RenderTarget {
  port: number;
  secret: string;
}

/** Next.js rendered the page for another audience than the one asked for (the session changed in between). */
export class AudienceMismatch extends Error {}

/**
 * Asks this process's Next.js for the rendering of `audience`, as the front server's own request (the secret lets it
 * past the front server): the Host of the site and, for a member's audience, the requester's session cookie and
 * nothing else of theirs, from which proxy.ts decides the audience again. The page itself never reads the request;
 * a rendering Next.js names for another audience is refused (AudienceMismatch), never kept under this one.
 */
export function fetchRendering(
  target: RenderTarget,
  host: string,
  path: string,
  audience: Audience,
  session: string | null,
): Promise<Rendering & { setsCookie: boolean }> {
  const headers: Record<string, string> = { host, accept: 'text/html', [FRONT_SECRET_HEADER]: target.secret };
  if (audience !== 'visitor' && session) headers.cookie = `${SESSION_COOKIE}=${session}`;
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: target.port, path, headers, timeout: 15_000 },
      (res) => {
        const named = res.headers[AUDIENCE_HEADER];
        if (named !== undefined && named !== audience) {
          res.resume();
          reject(new AudienceMismatch(`asked for ${audience}, rendered for ${String(named)}`));
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || DROPPED_HEADERS.has(name)) continue;
            kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({
            status: res.statusCode ?? 500,
            headers: kept,
            body: Buffer.concat(chunks),
            setsCookie: res.headers['set-cookie'] !== undefined,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('rendering timed out')));
    request.on('error', reject);
  });
}
