import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/server/db/client';
import { liveStreams } from '@/server/db/schema';
import { hashStreamSecret, newStreamSecret } from '@/features/live/server';

/** A demo item's stream (demo/content/<slug>.json `stream`): one to go live with, or an archive that plays offline. */
export type DemoStream = { state: 'scheduled'; inHours: number } | { state: 'ended'; archiveSeconds: number };

/** The demo's archives play for ten years: the demo should never find its archive gone. */
const DEMO_ARCHIVE_DAYS = 3650;

/**
 * The item's live stream row; an ended one also gets its archive, an HLS folder of ffmpeg's test source made at seed
 * time into the media server's archive directory (DATA_DIR/live/archive/{streamId}). Nobody knows a seeded stream's
 * key: staff regenerate it in the item's editor to go live.
 */
export async function seedDemoStream(
  db: Db,
  siteId: string,
  itemId: string,
  stream: DemoStream,
  publishedAt: Date,
  /** The data directory to write an ended stream's archive into; null: the row only (no media seeded). */
  dataDir: string | null,
): Promise<void> {
  const keyHash = hashStreamSecret(newStreamSecret());
  if (stream.state === 'scheduled') {
    await db.insert(liveStreams).values({
      siteId,
      itemId,
      keyHash,
      scheduledAt: new Date(Date.now() + stream.inHours * 3_600_000),
      archiveDays: 7,
    });
    return;
  }
  const endedAt = new Date(publishedAt.getTime() + 3_600_000);
  const [row] = await db
    .insert(liveStreams)
    .values({
      siteId,
      itemId,
      keyHash,
      scheduledAt: publishedAt,
      state: 'ended',
      startedAt: publishedAt,
      endedAt,
      archiveDays: DEMO_ARCHIVE_DAYS,
      archiveUntil: new Date(endedAt.getTime() + DEMO_ARCHIVE_DAYS * 86_400_000),
    })
    .returning({ id: liveStreams.id });
  const archive = dataDir ? await demoArchive(stream.archiveSeconds) : null;
  if (!archive || !dataDir) return;
  const target = path.resolve(dataDir, 'live/archive', row!.id);
  await mkdir(path.dirname(target), { recursive: true });
  await cp(archive, target, { recursive: true });
}

/**
 * ffmpeg's test picture and tone as a video-on-demand HLS folder, kept in .data/cache/demo-live by its length (like
 * the demo pictures): made once per machine, copied at every seed. Null without ffmpeg (the item then says its
 * archive is being prepared).
 */
async function demoArchive(seconds: number): Promise<string | null> {
  const dir = path.resolve('.data/cache/demo-live', `testsrc-${seconds}s-v1`);
  if (await stat(path.join(dir, 'index.m3u8')).catch(() => null)) return dir;
  const partial = `${dir}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(partial, { recursive: true });
  const made = await new Promise<boolean>((resolve) => {
    const child = spawn(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=640x360:rate=30:duration=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=523:duration=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '60',
        '-c:a',
        'aac',
        '-f',
        'hls',
        '-hls_time',
        '4',
        '-hls_list_size',
        '0',
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(partial, '%d.ts'),
        path.join(partial, 'index.m3u8'),
      ],
      { stdio: 'ignore' },
    );
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  if (!made) {
    await rm(partial, { recursive: true, force: true });
    console.warn('Demo live archive skipped: ffmpeg is not installed (apt-get install ffmpeg).');
    return null;
  }
  await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
  return dir;
}
