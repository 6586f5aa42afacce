import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, addMinutes } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { findSection } from '@/features/site';
import { createItem, setItemBody } from '@/features/content/server';
import { encodeImage, storeImage, storeVideo, type Encoded } from '@/features/media/server';
import { demoContentSchema, type DemoItem } from './content-seed-schema';
import { demoImage, demoVideo } from './demo-media';
import { canariesFor, type Canaries } from './content-canaries';
import { seedDemoStream } from './seed-live';
import { jstDay, parseJstLocal } from '@/lib/dates';

export interface ContentSeedOptions {
  /** Mark every member-only text and file name with a unique string the leak test looks for (e2e only). */
  canaries: boolean;
  /** Where the list of canaries is written for the leak test. */
  dataDir: string;
  /** Draw and store the items' pictures and videos (default); the fault suite needs the pages, not the files. */
  media?: boolean;
}

/** The demo's content from demo/content/<slug>.json, written once per site (a site with items is left alone). */
export async function seedDemoContent(db: Db, sites: Site[], options: ContentSeedOptions): Promise<number> {
  const manifest: Record<string, string[]> = {};
  let written = 0;
  for (const site of sites) {
    const file = path.resolve('demo/content', `${site.slug}.json`);
    const items = demoContentSchema.parse(JSON.parse(await readFile(file, 'utf8').catch(() => '[]')));
    const [existing] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(eq(contentItems.siteId, site.id))
      .limit(1);
    if (existing) continue;
    const now = new Date();
    manifest[site.slug] = [];
    for (const [index, item] of items.entries()) {
      const premium =
        !item.openToAll && findSection(site.config, item.section)?.requiredUserStatus === 'premium';
      const canaries = canariesFor(site.slug, item, options.canaries && premium);
      const publishedAt = addMinutes(now, -item.daysAgo * 24 * 60 - index * 7);
      const files = options.media === false ? { ...item, images: [], video: undefined } : item;
      const itemId = await seedItem(db, site, files, publishedAt, canaries);
      if (item.stream) {
        const archiveDir = options.media === false ? null : options.dataDir;
        await seedDemoStream(db, site.id, itemId, item.stream, publishedAt, archiveDir);
      }
      manifest[site.slug]!.push(...canaries.all);
      written += 1;
    }
  }
  if (options.canaries) {
    await writeFile(path.join(options.dataDir, 'canaries.json'), JSON.stringify(manifest, null, 2));
  }
  return written;
}

async function seedItem(db: Db, site: Site, item: DemoItem, publishedAt: Date, canaries: Canaries) {
  const now = new Date();
  const { id } = await createItem(db, site.id, {
    section: item.section,
    title: item.title,
    teaser: item.teaser,
    openToAll: item.openToAll,
    state: 'published',
    publishedAt,
    isLive: item.live,
    embed: item.youtubeId ? { provider: 'youtube', videoId: item.youtubeId } : null,
    ticket: item.ticket
      ? {
          performances: item.ticket.performances.map((show) => ({
            startsAt: jstAt(addDays(now, show.inDays), show.startTime),
            doorsAt: show.doorsTime ? jstAt(addDays(now, show.inDays), show.doorsTime) : undefined,
            venue: show.venue,
            area: show.area,
          })),
          applyFrom: addDays(now, item.ticket.applyFromDays).toISOString(),
          applyUntil: addDays(now, item.ticket.applyUntilDays).toISOString(),
        }
      : null,
    presale: item.ticket ? canaries.presale(item.ticket.presaleCode, item.ticket.applyUrl) : null,
  });
  const mediaIds: string[] = [];
  for (const [position, image] of item.images.entries()) {
    const role = item.section === 'photo' ? 'gallery' : position === 0 ? 'cover' : 'inline';
    const picture = await demoPicture({
      label: image.label,
      colors: image.colors,
      orientation: image.orientation,
      seed: position,
    });
    const row = await storeImage(
      db,
      site,
      {
        bytes: picture.bytes,
        fileName: canaries.fileName(image.fileName),
        itemId: id,
        role,
        position,
        caption: canaries.caption(image.caption, position),
      },
      undefined,
      picture.encode,
    );
    mediaIds.push(row.id);
  }
  if (item.video) {
    const bytes = await demoVideo({
      seconds: item.video.seconds,
      label: item.video.label,
      colors: item.images[0]?.colors ?? ['#FF97C9', '#F9357B'],
    });
    await storeVideo(db, site, {
      bytes,
      fileName: canaries.fileName(item.video.fileName),
      contentType: 'video/webm',
      itemId: id,
      width: 640,
      height: 360,
    });
  }
  const body = item.body.replace(
    /media:(\d+)/g,
    (_match, n: string) => `media:${mediaIds[Number(n)] ?? 'missing'}`,
  );
  await setItemBody(db, site.id, id, canaries.body(body));
  return id;
}

/**
 * Draws and encodes into the cache every demo picture it lacks, without a database: `npm test` runs this beside its
 * first phases (scripts/prepare-browser.ts), so that the browser phase's start finds every picture drawn. The same
 * options as seedItem's, so the same cache entries.
 */
export async function warmDemoPictures(): Promise<number> {
  let drawn = 0;
  const files = (await readdir(path.resolve('demo/content'))).filter((name) => name.endsWith('.json'));
  for (const file of files) {
    const text = await readFile(path.resolve('demo/content', file), 'utf8');
    for (const item of demoContentSchema.parse(JSON.parse(text))) {
      for (const [position, image] of item.images.entries()) {
        const picture = await demoPicture({
          label: image.label,
          colors: image.colors,
          orientation: image.orientation,
          seed: position,
        });
        if (picture.cached) continue;
        await picture.encode(picture.bytes);
        drawn += 1;
      }
    }
  }
  return drawn;
}

/** An ISO time at hh:mm in Japan (JST has no daylight saving) on the day of `day`. */
function jstAt(day: Date, hhmm: string): string {
  return parseJstLocal(`${jstDay(day)}T${hhmm}`).toISOString();
}

/**
 * Drawing a demo picture and encoding its renditions takes most of a start's seed (120 pictures, about a quarter of
 * a second each to draw and half a second to encode on a 2-core machine), and every start of the end-to-end tests
 * seeds a fresh data directory: the files are kept in .data/cache/demo-pictures, by a hash of the picture's options
 * and of the code that draws and encodes it, and a start stores them through storeImage as an upload would be. A
 * picture not in the cache is drawn and encoded by the same code as always.
 */
const PICTURE_CACHE = path.resolve('.data/cache/demo-pictures');
const PICTURE_CODE = [
  'scripts/lib/demo-media.ts',
  'src/features/media/server/encode-image.ts',
  'src/features/media/server/variants.ts',
  'package-lock.json',
];
let pictureCodeHash: Promise<string> | null = null;

interface CachedFile {
  name: string;
  contentType: string;
  width: number;
  height: number;
}

async function demoPicture(
  options: Parameters<typeof demoImage>[0],
): Promise<{ bytes: Buffer; cached: boolean; encode: (bytes: Buffer) => Promise<Encoded[]> }> {
  pictureCodeHash ??= Promise.all(PICTURE_CODE.map((file) => readFile(path.resolve(file)))).then((texts) =>
    texts.reduce((hash, text) => hash.update(text), createHash('sha256')).digest('hex'),
  );
  const key = createHash('sha256')
    .update(await pictureCodeHash)
    .update(JSON.stringify(options))
    .digest('hex');
  const dir = path.join(PICTURE_CACHE, key);
  const cached = await readFile(path.join(dir, 'files.json'), 'utf8')
    .then((text) => JSON.parse(text) as CachedFile[])
    .then((list) =>
      Promise.all(list.map(async (file) => ({ ...file, data: await readFile(path.join(dir, file.name)) }))),
    )
    .catch(() => null);
  if (cached) return { bytes: cached[0]!.data, cached: true, encode: async () => cached };

  return {
    bytes: await demoImage(options),
    cached: false,
    async encode(bytes) {
      const files = await encodeImage(bytes);
      // Written beside, then renamed into place: a start that stops half-way leaves no half entry.
      const partial = `${dir}.${randomBytes(4).toString('hex')}.tmp`;
      await mkdir(partial, { recursive: true });
      await Promise.all(files.map((file) => writeFile(path.join(partial, file.name), file.data)));
      const list: CachedFile[] = files.map(({ name, contentType, width, height }) => ({
        name,
        contentType,
        width,
        height,
      }));
      await writeFile(path.join(partial, 'files.json'), JSON.stringify(list));
      await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
      return files;
    },
  };
}
