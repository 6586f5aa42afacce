import http from 'node:http';
import { paintFirst } from '@/features/front/server/paint-first';
import { FRONT_SECRET_HEADER, FRONT_VIEW_HEADER, type FrontView } from '@/features/front/views';

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

/**
 * Asks this process's Next.js for a rendering, as the front server's own request: no cookie (nothing of the
 * requester can enter it), the Host of the site, and, for the member renderings, the view with the process's secret.
 */
export function fetchRendering(
  target: RenderTarget,
  host: string,
  path: string,
  view: FrontView | 'visitor',
): Promise<Rendering & { setsCookie: boolean }> {
  const headers: Record<string, string> = { host, accept: 'text/html', [FRONT_SECRET_HEADER]: target.secret };
  if (view !== 'visitor') headers[FRONT_VIEW_HEADER] = view;
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: target.port, path, headers, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || DROPPED_HEADERS.has(name)) continue;
            kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const body = Buffer.concat(chunks);
          // A page that is not there (404) may have nothing to paint before its scripts run: paint-first would wait
          // for a paint that never comes and leave it blank, so only a found page gets its scripts after the paint.
          const isPage = res.statusCode === 200 && (kept['content-type']?.startsWith('text/html') ?? false);
          resolve({
            status: res.statusCode ?? 500,
            headers: kept,
            body: isPage ? Buffer.from(paintFirst(body.toString('utf8'))) : body,
            setsCookie: res.headers['set-cookie'] !== undefined,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('rendering timed out')));
    request.on('error', reject);
  });
}
