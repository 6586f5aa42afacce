import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, contentItems, media } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { findItem, listSection } from '@/features/content/server/items';
import type { StaffActor } from '@/features/staff';
import { dateToTokyoLocal, type ItemFormValues } from '@/features/content/staff/schemas';
import {
  listStaffItems,
  loadItemForEdit,
  previewStaffItem,
} from '@/features/content/staff/server/item-reads';
import {
  createStaffItem,
  deleteStaffItem,
  publishStaffItem,
  unpublishStaffItem,
  updateStaffItem,
} from '@/features/content/staff/server/item-writes';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let editor: StaffActor;
let support: StaffActor;
let otherOwner: StaffActor;

const actor = (site: Site, role: StaffActor['role'], uid: string): StaffActor => ({
  siteId: site.id,
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  role,
});

function form(overrides: Partial<ItemFormValues> = {}): ItemFormValues {
  return {
    title: '記事',
    teaser: '概要',
    bodyHtml: '<p>本文</p>',
    openToAll: false,
    isLive: false,
    publishedAt: dateToTokyoLocal(new Date(Date.now() - 60_000)),
    youtube: '',
    performances: [],
    applyFrom: '',
    applyUntil: '',
    presaleCode: '',
    applyUrl: '',
    ...overrides,
  };
}

async function auditRows(itemId: string) {
  return handle.db.select().from(auditLog).where(eq(auditLog.targetId, itemId)).orderBy(auditLog.createdAt);
}

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  editor = actor(mio, 'editor', 'mio-editor');
  support = actor(mio, 'support', 'mio-support');
  otherOwner = actor(second, 'owner', 'second-owner');
});
afterAll(async () => handle?.drop());

describe('staff content', () => {
  it('creates a draft with its audit row, and lists it for staff only', async () => {
    const item = await createStaffItem(handle.db, editor, mio, {
      section: 'blog',
      title: '<b>新しい</b>記事',
    });
    expect(item).toMatchObject({ title: '新しい記事', state: 'draft', section: 'blog' });
    const rows = await auditRows(item.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'content.create', actorUid: 'mio-editor', before: null });
    expect(rows[0]!.after).toMatchObject({ title: '新しい記事', state: 'draft', bodyHtml: '' });
    const list = await listStaffItems(handle.db, editor, 'blog', 1);
    expect(list.items[0]).toMatchObject({ id: item.id, status: 'draft' });
    expect(
      (await listSection(handle.db, { site: mio, viewer: 'premium', now: new Date() }, 'blog')).items,
    ).toEqual([]);
  });

  it('refuses a support actor (FORBIDDEN) and another site (FORBIDDEN or NOT_FOUND), changing nothing', async () => {
    const item = await createStaffItem(handle.db, editor, mio, { section: 'news', title: '守る' });
    const forbidden = { code: 'FORBIDDEN' };
    const notFound = { code: 'NOT_FOUND' };
    await expect(
      createStaffItem(handle.db, support, mio, { section: 'news', title: 'x' }),
    ).rejects.toMatchObject(forbidden);
    await expect(
      createStaffItem(handle.db, otherOwner, mio, { section: 'news', title: 'x' }),
    ).rejects.toMatchObject(forbidden);
    await expect(listStaffItems(handle.db, support, 'news', 1)).rejects.toMatchObject(forbidden);
    expect((await listStaffItems(handle.db, otherOwner, 'news', 1)).items).toEqual([]);
    for (const run of [
      (who: StaffActor) => loadItemForEdit(handle.db, who, item.id),
      (who: StaffActor) => updateStaffItem(handle.db, who, item.id, form({ title: '奪う' })),
      (who: StaffActor) => publishStaffItem(handle.db, who, item.id),
      (who: StaffActor) => unpublishStaffItem(handle.db, who, item.id),
      (who: StaffActor) => deleteStaffItem(handle.db, who, item.id),
    ]) {
      await expect(run(support)).rejects.toMatchObject(forbidden);
      await expect(run(otherOwner)).rejects.toMatchObject(notFound);
    }
    await expect(previewStaffItem(handle.db, support, mio, item.id, 'premium')).rejects.toMatchObject(
      forbidden,
    );
    await expect(previewStaffItem(handle.db, otherOwner, second, item.id, 'premium')).rejects.toMatchObject(
      notFound,
    );
    await expect(previewStaffItem(handle.db, otherOwner, mio, item.id, 'premium')).rejects.toMatchObject(
      forbidden,
    );
    const [row] = await handle.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(row).toMatchObject({ title: '守る', state: 'draft' });
    expect(await auditRows(item.id)).toHaveLength(1);
  });

  it('stores a body sanitised: no script, no event handler, no javascript: link', async () => {
    const item = await createStaffItem(handle.db, editor, mio, { section: 'blog', title: '危険' });
    const saved = await updateStaffItem(
      handle.db,
      editor,
      item.id,
      form({
        title: '<script>alert(1)</script>題',
        teaser: '<img src=x onerror=alert(1)>概要',
        bodyHtml:
          '<p>ok</p><script>alert("XSS")</script><img src="x" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">link</a><p onclick="alert(4)">p</p>',
      }),
    );
    expect(saved.title).toBe('題');
    expect(saved.teaser).toBe('概要');
    expect(saved.bodyHtml).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
    expect(saved.bodyHtml).toContain('<p>ok</p>');
    const rows = await auditRows(item.id);
    expect(rows.map((row) => row.action)).toEqual(['content.create', 'content.update']);
    expect(rows[1]!.before).toMatchObject({ title: '危険', bodyHtml: '' });
    expect(rows[1]!.after).toMatchObject({ title: '題', bodyHtml: saved.bodyHtml });
  });

  it('publishes, schedules and unpublishes, one audit row each', async () => {
    const item = await createStaffItem(handle.db, editor, mio, { section: 'news', title: '公開テスト' });
    const ctx = () => ({ site: mio, viewer: 'visitor' as const, now: new Date() });
    await updateStaffItem(handle.db, editor, item.id, form({ title: '公開テスト', openToAll: true }));
    expect(await findItem(handle.db, ctx(), 'news', item.id)).toBeNull();

    const published = await publishStaffItem(handle.db, editor, item.id);
    expect(published.state).toBe('published');
    expect(await findItem(handle.db, ctx(), 'news', item.id)).toMatchObject({ title: '公開テスト' });

    const future = new Date(Date.now() + 3 * 86_400_000);
    await updateStaffItem(
      handle.db,
      editor,
      item.id,
      form({ title: '公開テスト', publishedAt: dateToTokyoLocal(future) }),
    );
    expect(await findItem(handle.db, ctx(), 'news', item.id)).toBeNull();
    const list = await listStaffItems(handle.db, editor, 'news', 1);
    expect(list.items.find((row) => row.id === item.id)).toMatchObject({ status: 'scheduled' });
    expect(
      await findItem(handle.db, { ...ctx(), now: new Date(future.getTime() + 60_000) }, 'news', item.id),
    ).not.toBeNull();

    const unpublished = await unpublishStaffItem(handle.db, editor, item.id);
    expect(unpublished.state).toBe('draft');
    const rows = await auditRows(item.id);
    expect(rows.map((row) => row.action)).toEqual([
      'content.create',
      'content.update',
      'content.publish',
      'content.update',
      'content.unpublish',
    ]);
    expect(rows[2]).toMatchObject({ before: { state: 'draft' }, after: { state: 'published' } });
    expect(rows[4]).toMatchObject({ before: { state: 'published' }, after: { state: 'draft' } });
  });

  it('keeps only the fields of the section: a presale and a YouTube id', async () => {
    const ticket = await createStaffItem(handle.db, editor, mio, { section: 'ticket', title: '先行' });
    const saved = await updateStaffItem(
      handle.db,
      editor,
      ticket.id,
      form({
        performances: [
          { startsAt: '2027-01-10T18:00', doorsAt: '2027-01-10T17:00', venue: '武道館', area: '東京' },
        ],
        applyFrom: '2026-12-01T10:00',
        applyUntil: '2026-12-10T23:59',
        presaleCode: 'CODE-1',
        applyUrl: 'https://tickets.example.com/apply',
        youtube: 'dQw4w9WgXcQ',
      }),
    );
    expect(saved.ticket).toEqual({
      performances: [
        {
          startsAt: '2027-01-10T09:00:00.000Z',
          doorsAt: '2027-01-10T08:00:00.000Z',
          venue: '武道館',
          area: '東京',
        },
      ],
      applyFrom: '2026-12-01T01:00:00.000Z',
      applyUntil: '2026-12-10T14:59:00.000Z',
    });
    expect(saved.presale).toEqual({ code: 'CODE-1', applyUrl: 'https://tickets.example.com/apply' });
    expect(saved.embed).toBeNull();
    const movie = await createStaffItem(handle.db, editor, mio, { section: 'movie', title: '動画' });
    const savedMovie = await updateStaffItem(
      handle.db,
      editor,
      movie.id,
      form({ youtube: 'https://youtu.be/dQw4w9WgXcQ?t=3', presaleCode: 'X' }),
    );
    expect(savedMovie.embed).toEqual({ provider: 'youtube', videoId: 'dQw4w9WgXcQ' });
    expect(savedMovie.presale).toBeNull();
  });

  it('previews as a guest (teaser only) and as a premium member (body and files), drafts included', async () => {
    const item = await createStaffItem(handle.db, editor, mio, { section: 'blog', title: 'プレビュー' });
    const [file] = await handle.db
      .insert(media)
      .values({
        siteId: mio.id,
        itemId: item.id,
        kind: 'image',
        role: 'inline',
        fileName: 'photo.jpg',
        contentType: 'image/jpeg',
        byteSize: 10,
        width: 800,
        height: 600,
        variants: [
          { name: 'w640', key: 'k1', contentType: 'image/webp', byteSize: 5, width: 640, height: 480 },
        ],
      })
      .returning();
    await updateStaffItem(
      handle.db,
      editor,
      item.id,
      form({
        teaser: '会員限定です',
        bodyHtml: `<p>PREMIUM-BODY</p><img src="media:${file!.id}" alt="写真">`,
      }),
    );
    const guest = await previewStaffItem(handle.db, editor, mio, item.id, 'guest');
    expect(guest).toMatchObject({ locked: true, teaser: '会員限定です', cover: null });
    expect(JSON.stringify(guest)).not.toMatch(/PREMIUM-BODY|media\/|photo\.jpg/);
    const premium = await previewStaffItem(handle.db, editor, mio, item.id, 'premium');
    expect(premium.locked).toBe(false);
    if (premium.locked) return;
    expect(premium.bodyHtml).toContain('PREMIUM-BODY');
    expect(premium.bodyHtml).toMatch(/<img src="\/media\/s\/[^"]+"[^>]* alt="写真"/);
    const edit = await loadItemForEdit(handle.db, editor, item.id);
    expect(edit.imageUrls[file!.id]).toMatch(/^\/media\/s\//);
  });

  it('deletes an item with its media rows and one audit row', async () => {
    const item = await createStaffItem(handle.db, editor, mio, { section: 'photo', title: '消す' });
    await handle.db.insert(media).values({
      siteId: mio.id,
      itemId: item.id,
      kind: 'image',
      role: 'gallery',
      fileName: 'g.jpg',
      contentType: 'image/jpeg',
      byteSize: 10,
      variants: [
        { name: 'original', key: `test/${item.id}/original.jpg`, contentType: 'image/jpeg', byteSize: 10 },
      ],
    });
    await deleteStaffItem(handle.db, editor, item.id);
    expect(await handle.db.select().from(contentItems).where(eq(contentItems.id, item.id))).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(media)
        .where(and(eq(media.siteId, mio.id), eq(media.itemId, item.id))),
    ).toEqual([]);
    const rows = await auditRows(item.id);
    expect(rows.map((row) => row.action)).toEqual(['content.create', 'content.delete']);
    expect(rows[1]).toMatchObject({ before: { title: '消す', files: 1 }, after: null });
    await expect(loadItemForEdit(handle.db, editor, item.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
