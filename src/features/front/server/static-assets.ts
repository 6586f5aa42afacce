import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const PREFIX = '/_next/static/';
/** The compressible build assets; anything else (fonts, images) is left to Next.js. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Next.js's build assets (immutable, content-hashed names) compressed once with brotli at its highest quality, which
 * `next start` does not offer (gzip only): about a sixth less JavaScript for every first visit (issue 7's 130 kB).
 * Returns false for anything it does not serve, which then goes to Next.js.
 */
export function createStaticAssets(root: string) {
  const assets = new Map<string, Promise<Asset | null>>();

  async function load(relative: string, type: string): Promise<Asset | null> {
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return null;
    const raw = await readFile(file).catch(() => null);
    if (!raw) return null;
    const [br, gz] = await Promise.all([
      brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(raw, { level: 9 }),
    ]);
    return { type, raw, br, gzip: gz };
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '').split('?')[0]!;
    const type = TYPES[path.extname(pathname)];
    if (!pathname.startsWith(PREFIX) || !type || pathname.includes('..') || pathname.includes('%'))
      return false;
    const relative = pathname.slice(PREFIX.length);
    let entry = assets.get(relative);
    if (!entry) assets.set(relative, (entry = load(relative, type)));
    const asset = await entry;
    if (!asset) {
      assets.delete(relative);
      return false;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = /\bbr\b/.test(accepted)
      ? [asset.br, 'br']
      : /\bgzip\b/.test(accepted)
        ? [asset.gzip, 'gzip']
        : [asset.raw, null];
    res.writeHead(200, {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'content-length': String(body.length),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
