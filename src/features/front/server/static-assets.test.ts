import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaticAssets } from '@/features/front/server/static-assets';

const SOURCE = `console.log(${JSON.stringify('チャンク'.repeat(200))});`;
let serve: ReturnType<typeof createStaticAssets>;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'static-'));
  await mkdir(path.join(root, 'chunks'));
  await writeFile(path.join(root, 'chunks', 'app.js'), SOURCE);
  await writeFile(path.join(tmpdir(), 'secret.js'), 'secret');
  serve = createStaticAssets(root);
});

/** Runs the handler on a fake request and records what it sent. */
async function request(url: string, encoding = '') {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const req = { method: 'GET', url, headers: { 'accept-encoding': encoding } } as unknown as IncomingMessage;
  const res = {
    writeHead: (status: number, headers: Record<string, string>) => Object.assign(sent, { status, headers }),
    end: (body?: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  return { served: await serve(req, res), ...sent };
}

describe('static assets', () => {
  it('serves a build asset as brotli, gzip or as it is, cached for a year', async () => {
    const br = await request('/_next/static/chunks/app.js', 'gzip, deflate, br');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': expect.stringContaining('immutable'),
    });
    expect(brotliDecompressSync(br.body!).toString()).toBe(SOURCE);
    const gz = await request('/_next/static/chunks/app.js?v=1', 'gzip');
    expect(gunzipSync(gz.body!).toString()).toBe(SOURCE);
    const raw = await request('/_next/static/chunks/app.js');
    expect(raw.body!.toString()).toBe(SOURCE);
    expect(br.body!.length).toBeLessThan(gz.body!.length);
  });

  it('leaves to Next.js what it does not have, other types, and any path out of the folder', async () => {
    for (const url of [
      '/_next/static/chunks/missing.js',
      '/_next/static/media/font.woff2',
      '/_next/static/../../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/chunks/app.js',
    ]) {
      expect((await request(url, 'br')).served, url).toBe(false);
    }
  });
});
