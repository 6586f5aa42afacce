import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, contentItems, liveStreams, pageCacheGenerations } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import type { StaffActor } from '@/features/staff';
import { hashStreamSecret } from '@/features/live/server/keys';
import { rtmpCallback } from '@/features/live/server/rtmp-callbacks';
import { liveSourceFor, type LiveViewer } from '@/features/live/server/source';
import {
  regenerateStreamKey,
  saveStream,
  startPublishing,
  stopPublishing,
} from '@/features/live/server/streams';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let editor: StaffActor;

const actor = (site: Site, role: StaffActor['role'], uid: string): StaffActor => ({
  siteId: site.id,
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  role,
});
const SERVER = { hlsUrl: 'http://media.test', secret: 'a-test-secret-of-at-least-thirty-two-chars' };
const premium: LiveViewer = { level: 'premium', uid: 'premium-uid' };
const guest: LiveViewer = { level: 'guest', uid: 'guest-uid' };
const visitor: LiveViewer = { level: 'visitor', uid: null };

// Items are written here directly: live sits below content (decision 0042).
async function createItem(
  siteId: string,
  values: { section: 'movie' | 'news'; title: string; state: 'draft' | 'published'; publishedAt?: Date },
) {
  const [row] = await handle.db
    .insert(contentItems)
    .values({ siteId, ...values })
    .returning({ id: contentItems.id });
  return row!;
}

async function liveItem(site: Site, section: 'movie' | 'news' = 'movie') {
  const { id } = await createItem(site.id, {
    section,
    title: 'ライブ',
    state: 'published',
    publishedAt: new Date(Date.now() - 60_000),
  });
  return id;
}
const itemRow = async (id: string) =>
  (await handle.db.select().from(contentItems).where(eq(contentItems.id, id)))[0]!;
const streamRow = async (id: string) =>
  (await handle.db.select().from(liveStreams).where(eq(liveStreams.id, id)))[0]!;
const generation = async (siteId: string) =>
  (await handle.db.select().from(pageCacheGenerations).where(eq(pageCacheGenerations.siteId, siteId)))[0]
    ?.generation ?? 0;
const form = (fields: Record<string, string>) =>
  new Request('http://127.0.0.1/api/live/rtmp/publish', {
    method: 'POST',
    body: new URLSearchParams({ app: 'live', call: 'publish', ...fields }).toString(),
  });

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  editor = actor(mio, 'editor', 'mio-editor');
});
afterAll(async () => handle?.drop());

describe('a live stream set up by staff', () => {
  it('keeps only the key hash, shows the key once and never audits it', async () => {
    const itemId = await liveItem(mio);
    const { stream, secret } = await saveStream(handle.db, editor, mio, itemId, {
      scheduledAt: new Date(Date.now() + 3_600_000),
      archiveDays: 3,
    });
    expect(secret).toMatch(/^[\w-]{32}$/);
    expect(stream.keyHash).toBe(hashStreamSecret(secret!));
    expect(JSON.stringify(await streamRow(stream.id))).not.toContain(secret!);
    const again = await saveStream(handle.db, editor, mio, itemId, {
      scheduledAt: new Date(),
      archiveDays: 5,
    });
    expect(again.secret).toBeNull();
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, itemId));
    expect(audits.map((row) => row.action)).toEqual(['live.create', 'live.update']);
    expect(JSON.stringify(audits)).not.toContain(secret!);
  });

  it('is refused outside the live section, to a role that cannot write and for another site', async () => {
    const news = await liveItem(mio, 'news');
    const settings = { scheduledAt: new Date(), archiveDays: 1 };
    await expect(saveStream(handle.db, editor, mio, news, settings)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const movie = await liveItem(mio);
    await expect(
      saveStream(handle.db, actor(mio, 'support', 'mio-support'), mio, movie, settings),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      saveStream(handle.db, actor(second, 'owner', 'second-owner'), second, movie, settings),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the media server callbacks', () => {
  it('let only the right key publish, turn the item LIVE and then into its archive', async () => {
    const itemId = await liveItem(mio);
    const { stream, secret } = await saveStream(handle.db, editor, mio, itemId, {
      scheduledAt: new Date(),
      archiveDays: 2,
    });
    const before = await generation(mio.id);

    // A wrong key, no key, a key of the right length but another stream's name: refused, nothing changes.
    for (const fields of <Record<string, string>[]>[
      { name: stream.id, key: 'wrong' },
      { name: stream.id },
      { name: '00000000-0000-4000-8000-000000000000', key: secret! },
      { name: stream.id.toUpperCase(), key: secret! },
    ]) {
      const answer = await rtmpCallback(form(fields), handle.db, startPublishing);
      expect(answer.status).toBe(403);
    }
    expect((await streamRow(stream.id)).state).toBe('scheduled');
    expect((await itemRow(itemId)).isLive).toBe(false);

    const started = await rtmpCallback(form({ name: stream.id, key: secret! }), handle.db, startPublishing);
    expect(started.status).toBe(200);
    expect((await streamRow(stream.id)).state).toBe('live');
    expect((await itemRow(itemId)).isLive).toBe(true);
    expect(await generation(mio.id)).toBeGreaterThan(before);

    // A stranger cannot end it: publish_done checks the key too.
    expect((await rtmpCallback(form({ name: stream.id, key: 'x' }), handle.db, stopPublishing)).status).toBe(
      403,
    );
    expect((await streamRow(stream.id)).state).toBe('live');

    const endedAt = new Date();
    expect(await stopPublishing(handle.db, stream.id, secret!, endedAt)).toBe(true);
    const ended = await streamRow(stream.id);
    expect(ended.state).toBe('ended');
    expect(ended.archiveUntil!.getTime()).toBe(endedAt.getTime() + 2 * 86_400_000);
    expect((await itemRow(itemId)).isLive).toBe(false);

    // The encoder reconnects: live again, the archive's period counts from the new end.
    expect(await startPublishing(handle.db, stream.id, secret!)).toBe(true);
    expect((await streamRow(stream.id)).state).toBe('live');
    expect((await streamRow(stream.id)).archiveUntil).toBeNull();
  });

  it('stop taking the old key once staff regenerate it', async () => {
    const itemId = await liveItem(mio);
    const { stream, secret: old } = await saveStream(handle.db, editor, mio, itemId, {
      scheduledAt: new Date(),
      archiveDays: 1,
    });
    const { secret } = await regenerateStreamKey(handle.db, editor, mio, itemId);
    expect(secret).not.toBe(old);
    expect(await startPublishing(handle.db, stream.id, old!)).toBe(false);
    expect(await startPublishing(handle.db, stream.id, secret)).toBe(true);
  });
});

describe('the player source', () => {
  it('signs the stream only for viewers who may see the item, and the archive only within its period', async () => {
    const itemId = await liveItem(mio);
    const { stream, secret } = await saveStream(handle.db, editor, mio, itemId, {
      scheduledAt: new Date(),
      archiveDays: 1,
    });
    const source = (viewer: LiveViewer, site = mio, now = new Date()) =>
      liveSourceFor(handle.db, site, itemId, viewer, SERVER, now);

    expect(await source(premium)).toMatchObject({ ok: true, source: { state: 'scheduled' } });
    expect(JSON.stringify(await source(premium))).not.toContain('/hls/');

    await startPublishing(handle.db, stream.id, secret!);
    const live = await source(premium);
    expect(live).toMatchObject({ ok: true, source: { state: 'live' } });
    const url = live.ok && live.source.state === 'live' ? live.source.url : '';
    expect(url).toMatch(
      new RegExp(`^http://media\\.test/hls/[\\w-]{22}/\\d+/[0-9a-f]{16}/live/${stream.id}/index\\.m3u8$`),
    );
    // Each viewer gets their own address.
    const other = await source({ level: 'premium', uid: 'another-uid' });
    expect(other.ok && other.source.state === 'live' && other.source.url).not.toBe(url);

    expect(await source(guest)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await source(visitor)).toEqual({ ok: false, reason: 'forbidden' });
    // The item is not the other site's, whatever its members are.
    expect(await source(premium, second)).toEqual({ ok: false, reason: 'not-found' });

    const endedAt = new Date();
    await stopPublishing(handle.db, stream.id, secret!, endedAt);
    const archive = await source(premium);
    expect(archive).toMatchObject({ ok: true, source: { state: 'ended' } });
    expect(archive.ok && archive.source.state === 'ended' && archive.source.url).toContain(
      `/archive/${stream.id}/`,
    );
    // A signed address never outlives the archive's period…
    const late = new Date(endedAt.getTime() + 86_400_000 - 60_000);
    const lastMinute = await source(premium, mio, late);
    const expires = Number(/\/(\d+)\/[0-9a-f]{16}\//.exec(JSON.stringify(lastMinute))?.[1]);
    expect(expires * 1000).toBeLessThanOrEqual(endedAt.getTime() + 86_400_000);
    // …and after it there is nothing to sign.
    const after = await source(premium, mio, new Date(endedAt.getTime() + 86_400_000 + 1_000));
    expect(after).toMatchObject({ ok: true, source: { state: 'ended', url: null, archiveUntil: null } });
  });

  it('shows nothing of an unpublished item', async () => {
    const { id } = await createItem(mio.id, { section: 'movie', title: '下書き', state: 'draft' });
    await saveStream(handle.db, editor, mio, id, { scheduledAt: new Date(), archiveDays: 1 });
    expect(await liveSourceFor(handle.db, mio, id, premium, SERVER)).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });
});
