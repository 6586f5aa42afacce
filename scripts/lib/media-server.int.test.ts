import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { contentItems, liveStreams } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { createItem } from '@/features/content/server';
import {
  hlsExpiry,
  rtmpCallback,
  saveStream,
  signedPlaylistUrl,
  startPublishing,
  stopPublishing,
  streamKeyText,
  type HlsGrant,
} from '@/features/live/server';
import { hasMediaServer, publishTestStream, startMediaServer, type MediaServer } from './media-server';

/**
 * The real media server (deploy/live-nginx.conf on Debian's nginx with nginx-rtmp) against this test's database:
 * ffmpeg publishes, nginx-rtmp asks the app's callback (here a plain server around the same function the front
 * server answers with), and nginx's secure_link lets through exactly the addresses the app signs. Ports from
 * E2E_PORT (+92 HLS, +93 RTMP, +94 the callback), so that two checkouts' runs never meet.
 */
// eslint-disable-next-line no-restricted-properties -- the test run's ports, not a setting of the app
const BASE = Number(process.env.E2E_PORT ?? 3100);
const HTTP_PORT = BASE + 92;
const RTMP_PORT = BASE + 93;
const APP_PORT = BASE + 94;
const SECRET = 'media-server-test-secret-0123456789abcdef';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let media: MediaServer;
let app: Server;
let dir: string;

const run = hasMediaServer() ? describe : describe.skip;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const status = async (url: string) => (await fetch(url)).status;

beforeAll(async () => {
  if (!hasMediaServer()) return;
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  app = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const act = req.url === '/api/live/rtmp/publish' ? startPublishing : stopPublishing;
      void rtmpCallback(new Request('http://app/', { method: 'POST', body }), handle.db, act).then(
        (answer) => {
          res.writeHead(answer.status);
          res.end();
        },
      );
    });
  }).listen(APP_PORT, '127.0.0.1');
  dir = await mkdtemp(path.join(tmpdir(), 'fc-live-'));
  media = await startMediaServer({
    dir,
    rtmpPort: RTMP_PORT,
    httpPort: HTTP_PORT,
    appUrl: `http://127.0.0.1:${APP_PORT}`,
    secret: SECRET,
  });
}, 60_000);

afterAll(async () => {
  await media?.stop();
  app?.close();
  await handle?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

run('the media server', () => {
  it('publishes only with the key, serves only signed addresses, and keeps the archive', async () => {
    const { id: itemId } = await createItem(handle.db, site.id, {
      section: 'movie',
      title: '配信',
      state: 'published',
    });
    const editor = {
      siteId: site.id,
      uid: 'e',
      email: 'e@example.com',
      displayName: 'e',
      role: 'editor',
    } as const;
    const { stream, secret } = await saveStream(handle.db, editor, site, itemId, {
      scheduledAt: new Date(),
      archiveDays: 1,
    });
    const state = async () =>
      (await handle.db.select().from(liveStreams).where(eq(liveStreams.id, stream.id)))[0]!;

    // A wrong key: nginx-rtmp drops the encoder, the stream stays as it was.
    const wrong = publishTestStream(media.ingestUrl, streamKeyText(stream.id, 'not-the-key'));
    const wrongExit = await new Promise<number | null>((resolve) => wrong.child.once('exit', resolve));
    expect(wrongExit).not.toBe(0);
    expect((await state()).state).toBe('scheduled');

    const encoder = publishTestStream(media.ingestUrl, streamKeyText(stream.id, secret!));
    try {
      await until('the stream to go live', async () => (await state()).state === 'live');
      const [item] = await handle.db.select().from(contentItems).where(eq(contentItems.id, itemId));
      expect(item!.isLive).toBe(true);

      const grant: HlsGrant = {
        streamId: stream.id,
        kind: 'live',
        viewer: '0123456789abcdef',
        expires: hlsExpiry(new Date()),
      };
      const url = signedPlaylistUrl(media.hlsUrl, grant, SECRET);
      const playlist = await until('the live playlist', async () => {
        const answer = await fetch(url);
        const text = answer.ok ? await answer.text() : '';
        return /\d+\.ts/.test(text) && { answer, text };
      });
      expect(playlist.answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(playlist.answer.headers.get('cache-control')).toBe('no-cache');
      const segment = /^(\d+\.ts)$/m.exec(playlist.text)![1]!;
      const segmentAnswer = await fetch(url.replace('index.m3u8', segment));
      expect(segmentAnswer.status).toBe(200);
      expect(segmentAnswer.headers.get('content-type')).toBe('video/mp2t');
      expect((await segmentAnswer.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      // Everything else is refused: no signature, another's, a changed viewer, kind or stream, a changed expiry,
      // an expired one, and the folders themselves.
      const signature = /\/hls\/([\w-]{22})\//.exec(url)![1]!;
      const forged = (changes: Partial<HlsGrant>) =>
        signedPlaylistUrl(media.hlsUrl, { ...grant, ...changes }, SECRET).replace(
          /\/hls\/[\w-]{22}\//,
          `/hls/${signature}/`,
        );
      expect(await status(forged({ viewer: 'fedcba9876543210' }))).toBe(403);
      expect(await status(forged({ kind: 'archive' }))).toBe(403);
      expect(await status(forged({ expires: grant.expires + 3600 }))).toBe(403);
      expect(await status(signedPlaylistUrl(media.hlsUrl, grant, 'another-secret-another-secret-0123'))).toBe(
        403,
      );
      const past = { ...grant, expires: Math.floor(Date.now() / 1000) - 5 };
      expect(await status(signedPlaylistUrl(media.hlsUrl, past, SECRET))).toBe(410);
      expect(await status(`${media.hlsUrl}/live/${stream.id}/index.m3u8`)).toBe(404);
      expect(await status(`${media.hlsUrl}/hls/${stream.id}/index.m3u8`)).toBe(404);
      expect(await status(url.replace('index.m3u8', '../../index.m3u8'))).toBe(404);
    } finally {
      await encoder.stop();
    }

    await until('the stream to end', async () => (await state()).state === 'ended');
    const [after] = await handle.db.select().from(contentItems).where(eq(contentItems.id, itemId));
    expect(after!.isLive).toBe(false);
    const archiveUrl = signedPlaylistUrl(
      media.hlsUrl,
      { streamId: stream.id, kind: 'archive', viewer: 'anon', expires: hlsExpiry(new Date()) },
      SECRET,
    );
    const archive = await until('the archive', async () => {
      const answer = await fetch(archiveUrl);
      return answer.ok && (await answer.text());
    });
    expect(archive).toContain('#EXT-X-ENDLIST');
    const first = /^(\d+\.ts)$/m.exec(archive)![1]!;
    expect(await status(archiveUrl.replace('index.m3u8', first))).toBe(200);
  }, 90_000);
});
