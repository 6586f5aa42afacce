import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { contentItems, drawRounds } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import type { StaffActor } from '@/features/staff';
import { verifyPublishedDraw, type DrawLog, type DrawRecord } from '@/features/presale/draw';
import type { PublicDraw } from '@/features/presale/types';
import { presaleSetupSchema } from '@/features/presale/schemas';
import { closeAndDrawDue } from './close-and-draw';
import { drawSecondRound } from './second-round';
import { savePresale } from './setup';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { getDrawLog, getDraws, getRoundRecord } = await import('./public-api');

const actor = (site: Site): StaffActor => ({
  siteId: site.id,
  uid: 'editor',
  email: 'editor@example.com',
  displayName: '編集',
  role: 'editor',
});

/** A presale drawn with no applications: its first record is all a second round needs. */
async function drawnPresale() {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'LIVE', state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: '2027-02-01T18:00',
        doorsAt: null,
        venue: 'Zepp Haneda',
        offerings: [{ seatType: 'S席', capacity: 2, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 1,
    opensAt: '2026-01-10T10:00',
    closesAt: '2026-01-20T23:59',
    resultsAt: '2026-01-25T12:00',
    joinedBefore: '2026-01-05T00:00',
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, actor(mio), item!.id, setup, new Date('2026-01-01T00:00:00Z'));
  await closeAndDrawDue(handle.db, new Date('2026-01-21T00:00:00Z'));
  return presale;
}

const entries = [
  { id: 'W01', tickets: 2, choices: ['S', 'A'] },
  { id: 'W02', tickets: 1, choices: ['S'] },
  { id: 'W03', tickets: 1, choices: ['A', 'S'] },
  { id: 'W04', tickets: 2, choices: ['A'] },
  { id: 'W05', tickets: 1, choices: ['S'] },
  { id: 'W06', tickets: 2, choices: ['S', 'A'] },
];
const offerings = [
  { id: 'S', capacity: 3 },
  { id: 'A', capacity: 2 },
];

const request = {} as NextRequest;
const params = <T>(value: T) => ({ params: Promise.resolve({ host: 'localhost', ...value }) });

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

describe('a second round of a presale draw', () => {
  it('is drawn once for two callers at once and a retry, and its record verifies against the log', async () => {
    const presale = await drawnPresale();
    const input = {
      siteId: mio.id,
      presaleId: presale.id,
      kind: 'resale' as const,
      key: 'resale:2026-02-01T12:00',
      entries,
      offerings,
    };
    const [a, b] = await Promise.all([
      drawSecondRound(handle.db, input, { drand: null }),
      drawSecondRound(handle.db, input, { drand: null }),
    ]);
    // A retry after the draw, with other entries: the round keeps what it froze.
    const retry = await drawSecondRound(
      handle.db,
      { ...input, entries: entries.slice(0, 2) },
      { drand: null },
    );
    expect(a.status).toBe('drawn');
    expect(b).toEqual(a);
    expect(retry).toEqual(a);
    if (a.status !== 'drawn') return;
    expect(a.number).toBe(2);
    const rounds = await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, presale.id));
    expect(rounds).toHaveLength(1);
    // Every seat to at most one entry, and no offering over its capacity.
    const taken = new Map<string, number>();
    for (const [id, won] of a.allocation) {
      if (won)
        taken.set(won.offering, (taken.get(won.offering) ?? 0) + entries.find((e) => e.id === id)!.tickets);
    }
    for (const offering of offerings)
      expect(taken.get(offering.id) ?? 0).toBeLessThanOrEqual(offering.capacity);
    expect([...a.allocation.values()].filter(Boolean).length).toBeGreaterThan(1);

    const served = await getRoundRecord(request, params({ id: presale.id, number: '2' }));
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    const record = JSON.parse(new TextDecoder().decode(bytes)) as DrawRecord;
    expect(record.round).toEqual({
      id: a.roundId,
      kind: 'resale',
      number: 2,
      first: rounds[0]!.firstRecordHash,
    });
    const log = (await (await getDrawLog(request, params({}))).json()) as DrawLog;
    expect(log.entries.filter((e) => e.presale === a.roundId).map((e) => e.kind)).toEqual([
      'commitment',
      'round',
      'entry-list',
      'record',
    ]);
    const checked = await verifyPublishedDraw(bytes, { json: log });
    expect(checked.log?.problems).toEqual([]);
    expect(checked.ok).toBe(true);

    // Bent: the round claims another first record. The record alone still adds up; the log refuses it.
    const bent = { ...record, round: { ...record.round!, first: 'ab'.repeat(32) } };
    const bentCheck = await verifyPublishedDraw(new TextEncoder().encode(JSON.stringify(bent)), {
      json: log,
    });
    expect(bentCheck.ok).toBe(false);
    expect(bentCheck.log?.problems).toContain(
      'round.first が、抽選ログに記録された第1回の抽選記録のハッシュと一致しません（第9節）。',
    );

    // The next round of the presale is number 3; an unknown number is a 404 in Japanese.
    const next = await drawSecondRound(
      handle.db,
      { ...input, kind: 'second-chance', key: 'sc:1' },
      { drand: null },
    );
    expect(next).toMatchObject({ status: 'drawn', number: 3 });
    const missing = await getRoundRecord(request, params({ id: presale.id, number: '9' }));
    expect(missing.status).toBe(404);
    // The draws index lists both rounds with their first one.
    const { draws } = (await (await getDraws(request, params({}))).json()) as { draws: PublicDraw[] };
    expect(draws.find((draw) => draw.presaleId === presale.id)?.rounds).toEqual([
      expect.objectContaining({
        number: 2,
        kind: 'resale',
        entries: 6,
        recordUrl: `/api/presales/${presale.id}/rounds/2/record`,
      }),
      expect.objectContaining({
        number: 3,
        kind: 'second-chance',
        verifyUrl: `/presales/${presale.id}/verify?round=3`,
      }),
    ]);
  });

  it('makes no round when there is nothing to draw', async () => {
    const presale = await drawnPresale();
    const base = { siteId: mio.id, presaleId: presale.id, kind: 'resale' as const, key: 'empty' };
    expect(await drawSecondRound(handle.db, { ...base, entries: [], offerings }, { drand: null })).toEqual({
      status: 'empty',
    });
    const none = await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, presale.id));
    expect(none).toHaveLength(0);
  });
});
