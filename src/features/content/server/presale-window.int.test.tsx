import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import type { StaffActor } from '@/features/staff';
import { presaleSetupSchema } from '@/features/presale';
import { savePresale } from '@/features/presale/server';
import { createItem } from '@/features/content/server/write';
import { findItem, listSection } from '@/features/content/server/items';
import { ItemDetailView } from '@/features/content/components/item-detail';
import type { ItemDetail } from '@/features/content/types';
import { parseJstLocal } from '@/lib/dates';

/**
 * One way to apply, one window (issue 37): a TICKET item with a members' presale shows the presale's application
 * window (not the one typed on the item), and neither its shared 先行受付コード nor its outside application link; an
 * item without one keeps both.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
// The app's Link needs a mounted router; a plain anchor draws the same text.
vi.mock('@/components/ui/link', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => createElement('a', { href }, children),
}));

let mio: Site;
const ids: Record<'withPresale' | 'without', string> = { withPresale: '', without: '' };
const now = new Date('2026-11-22T03:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
// The item's own window (stale, as the demo's was): 10/18-10/28 style, far from the presale's.
const itemWindow = { applyFrom: days(-30).toISOString(), applyUntil: days(-20).toISOString() };
const presaleWindow = { opensAt: '2026-11-21T10:00', closesAt: '2026-11-29T23:59' };

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  for (const key of ['withPresale', 'without'] as const) {
    ids[key] = (
      await createItem(handle.db, mio.id, {
        section: 'ticket',
        title: key,
        state: 'published',
        publishedAt: days(-40),
        presale: { code: `CODE-${key}`, applyUrl: `https://tickets.example.com/${key}` },
        ticket: { performances: [{ startsAt: days(60).toISOString(), venue: '日本武道館' }], ...itemWindow },
      })
    ).id;
  }
  const editor: StaffActor = {
    siteId: mio.id,
    uid: 'editor',
    email: 'editor@example.com',
    displayName: '編集',
    role: 'editor',
  };
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: '2027-01-21T18:00',
        doorsAt: null,
        venue: '日本武道館',
        offerings: [{ seatType: '指定席', capacity: 100, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 1,
    ...presaleWindow,
    resultsAt: '2026-12-01T12:00',
    joinedBefore: '2026-11-20T23:59',
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  await savePresale(handle.db, editor, ids.withPresale, setup, days(-2));
});
afterAll(async () => handle?.drop());

const jst = (value: string) => parseJstLocal(value).toISOString();
const detail = async (id: string) =>
  (await findItem(handle.db, { site: mio, viewer: 'premium', now }, 'ticket', id)) as ItemDetail;
const page = (item: ItemDetail) =>
  renderToStaticMarkup(
    createElement(ItemDetailView, { item, sectionLabel: 'TICKET', viewer: 'premium', now }),
  );

describe('a TICKET item with a members’ presale', () => {
  it('shows the presale’s window wherever its schedule is read, and keeps its performances', async () => {
    const item = await detail(ids.withPresale);
    expect(item.ticket).toMatchObject({
      applyFrom: jst(presaleWindow.opensAt),
      applyUntil: jst(presaleWindow.closesAt),
      performances: [{ venue: '日本武道館' }],
    });
    expect(item.live).toBe(true);
    const listed = (await listSection(handle.db, { site: mio, viewer: 'visitor', now }, 'ticket')).items;
    expect(listed.find((entry) => entry.id === ids.withPresale)?.ticket).toMatchObject({
      applyFrom: jst(presaleWindow.opensAt),
      applyUntil: jst(presaleWindow.closesAt),
    });
  });

  it('shows one way to apply: no shared code and no outside link, on the page or in the data', async () => {
    const item = await detail(ids.withPresale);
    expect(item.locked).toBe(false);
    expect(!item.locked && item.presale).toBeNull();
    const html = page(item);
    expect(html).not.toContain('先行受付コード');
    expect(html).not.toContain('CODE-withPresale');
    expect(html).not.toContain('tickets.example.com');
    expect(html).toContain('受付期間（受付中）');
    expect(html).toContain('2026/11/21(土) 10:00 〜 2026/11/29(日) 23:59');
  });
});

describe('a TICKET item without one', () => {
  it('keeps its own window, its shared code and its outside link', async () => {
    const item = await detail(ids.without);
    expect(item.ticket).toMatchObject(itemWindow);
    const html = page(item);
    expect(html).toContain('先行受付コード');
    expect(html).toContain('CODE-without');
    expect(html).toContain('https://tickets.example.com/without');
    expect(html).toContain('受付期間（受付終了）');
  });
});
