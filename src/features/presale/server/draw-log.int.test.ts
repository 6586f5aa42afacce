import { and, eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { parseEnv } from '@/server/env';
import { complimentaryGrants, contentItems, drawLog, presaleOfferings, presales } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import {
  checkRecordAgainstLog,
  LOCAL_BEACON_NOTE,
  seedCommitment,
  verifyDrawLog,
  verifyDrawRecord,
  type DrawLog,
  type DrawRecord,
} from '@/features/presale/draw';
import type { PublicDraw } from '@/features/presale/types';
import { drandRoundAfter, QUICKNET } from '@/features/presale/draw/drand';
import { applicationSchema, presaleSetupSchema } from '@/features/presale/schemas';
import { applyToPresale } from './apply';
import { beaconPlan, configuredDrand, NO_PUBLIC_BEACON, type BeaconPlan } from './beacon';
import { closeAndDrawDue } from './close-and-draw';
import { presaleFairness } from './public-draws';
import { extendPresaleWindow, savePresale } from './setup';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => mio }));
const { getDrawLog, getDrawRecord, getDraws } = await import('./public-api');

const actorOf = (site: Site): StaffActor => ({
  siteId: site.id,
  uid: `editor-${site.slug}`,
  email: 'editor@example.com',
  displayName: '編集',
  role: 'editor',
});

/** A presale whose window is given in Japan time; set up a day before it opens. */
async function setUp(
  site: Site,
  window: { opens: string; closes: string; results: string },
  plan?: BeaconPlan,
) {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: site.id, section: 'ticket', title: 'LIVE', state: 'published' })
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
    opensAt: window.opens,
    closesAt: window.closes,
    resultsAt: window.results,
    joinedBefore: '2026-01-05T00:00',
    companionRule: 'none',
    konbiniDeadlineDays: 3,
  });
  const before = new Date(setup.opensAt.getTime() - 86_400_000);
  return savePresale(handle.db, actorOf(site), item!.id, setup, before, plan);
}

async function premiumMember(uid: string): Promise<Member> {
  const member = await ensureMember(handle.db, mio.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: mio.id,
    memberId: member.id,
    endsAt: new Date('2027-06-01T00:00:00Z'),
    grantedBy: 'test',
  });
  return (await ensureMember(handle.db, mio.id, uid))!;
}

const request = {} as NextRequest;
const params = <T>(value: T) => ({ params: Promise.resolve({ host: 'localhost', ...value }) });
const logOf = async () => (await (await getDrawLog(request, params({}))).json()) as DrawLog;

const LATER = { opens: '2026-12-01T10:00', closes: '2026-12-08T23:59', results: '2026-12-10T12:00' };
// Before this test's clock (the route reads the real one): drawn and published.
const PAST = { opens: '2026-01-10T10:00', closes: '2026-01-20T23:59', results: '2026-01-25T12:00' };

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
});
afterAll(async () => handle?.drop());

describe('the draw log', () => {
  it('refuses a presale in production without drand, unless the operator says so by name', async () => {
    const production = parseEnv({
      NODE_ENV: 'production',
      MEDIA_URL_SECRET: 'a-media-url-secret-of-at-least-32-characters',
      ALTCHA_HMAC_KEY: 'an-altcha-hmac-key-of-at-least-32-characters',
      NOTICE_TOKEN_SECRET: 'a-notice-token-secret-of-at-least-32-characters',
      TICKET_SIGNING_SECRET: 'a-ticket-signing-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    const plan = beaconPlan(configuredDrand(production), production);
    expect(plan).toBeNull();
    const logged = (await logOf()).entries.length;
    await expect(setUp(mio, LATER, plan!)).rejects.toMatchObject({ status: 409, message: NO_PUBLIC_BEACON });
    expect((await logOf()).entries).toHaveLength(logged);
    // The demo draws its local beacon; an operator who names the setting draws their own; a relay means drand.
    expect(beaconPlan(null, { ...production, DEMO_MODE: 'true' })).toEqual({ source: 'local' });
    expect(beaconPlan(null, { ...production, UNVERIFIABLE_OPERATOR_BEACON: 'true' })).toEqual({
      source: 'operator',
    });
    const relay = { ...production, DRAND_URL: 'https://api.drand.sh/52db9ba7' };
    expect(beaconPlan(configuredDrand(relay), relay)).toEqual({ source: 'drand', chain: QUICKNET });
  });

  it('fixes the drand round from the close at setup, and a new one at an extension, each logged', async () => {
    const presale = await setUp(mio, LATER, { source: 'drand', chain: QUICKNET });
    const round = drandRoundAfter(presale.closesAt);
    expect(presale).toMatchObject({ beaconSource: 'drand', beaconRound: round });
    const later = new Date(presale.closesAt.getTime() + 86_400_000);
    const opened = new Date(presale.opensAt.getTime() + 3_600_000);
    const extended = await extendPresaleWindow(handle.db, actorOf(mio), presale.id, later, later, opened);
    expect(extended.beaconRound).toBe(drandRoundAfter(later));
    const mine = (await logOf()).entries.filter((entry) => entry.presale === presale.id);
    expect(mine.map((entry) => [entry.kind, entry.value])).toEqual([
      ['commitment', presale.commitment],
      ['round', `drand:${round}`],
      ['round', `drand:${drandRoundAfter(later)}`],
    ]);
    // The item page shows both rounds, from the same log.
    const fairness = await presaleFairness(handle.db, mio.id, presale.itemId, opened);
    expect(fairness?.beacon.logged).toEqual([`drand:${round}`, `drand:${drandRoundAfter(later)}`]);
  });

  it('chains every step of a drawn presale, and its served record checks against the log', async () => {
    const presale = await setUp(mio, PAST);
    const [offering] = await handle.db
      .select({ id: presaleOfferings.id })
      .from(presaleOfferings)
      .where(eq(presaleOfferings.presaleId, presale.id));
    for (const uid of ['log-a', 'log-b', 'log-c']) {
      const application = applicationSchema.parse({
        choices: [offering!.id],
        tickets: 1,
        companions: [],
        paymentMethod: 'konbini',
      });
      const during = new Date(presale.opensAt.getTime() + 3_600_000);
      await applyToPresale(handle.db, mio.id, await premiumMember(uid), presale.id, application, during);
    }
    expect(await closeAndDrawDue(handle.db, new Date(presale.closesAt.getTime() + 1000))).toBe(1);

    const response = await getDrawRecord(request, params({ id: presale.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const [row] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
    expect(new TextDecoder().decode(bytes)).toBe(row!.recordFile);
    const record = JSON.parse(new TextDecoder().decode(bytes)) as DrawRecord;
    expect(record.beacon).toMatchObject({ source: 'local', note: LOCAL_BEACON_NOTE });
    expect(await verifyDrawRecord(record)).toMatchObject({ ok: true });

    // Listed for everyone, with the count the log fixed at the close.
    const { draws } = (await (await getDraws(request, params({}))).json()) as { draws: PublicDraw[] };
    expect(draws).toEqual([
      expect.objectContaining({
        presaleId: presale.id,
        title: 'LIVE',
        entries: 3,
        recordUrl: `/api/presales/${presale.id}/record`,
      }),
    ]);

    const log = await logOf();
    expect(await verifyDrawLog(log)).toMatchObject({ ok: true, problems: [] });
    expect(log.entries.filter((e) => e.presale === presale.id).map((e) => e.kind)).toEqual([
      'commitment',
      'round',
      'entry-list',
      'record',
    ]);
    expect(await checkRecordAgainstLog(record, bytes, log)).toEqual([]);
    // A re-seeded record (another seed with its own commitment, its file) verifies alone, but not against the log.
    const seed = 'ab'.repeat(32);
    const reseeded = { ...record, seed, commitment: await seedCommitment(seed) };
    const file = new TextEncoder().encode(JSON.stringify(reseeded));
    expect(await checkRecordAgainstLog(reseeded, file, log)).toEqual([
      '記録のコミットメントが、抽選ログに受付開始時に記録された値と一致しません。',
      'この記録ファイルのハッシュが、抽選ログに抽選時に記録された値と一致しません。',
    ]);
  });

  it('shows a later change to any past entry', async () => {
    const log = await logOf();
    expect(log.entries.length).toBeGreaterThanOrEqual(2);
    const first = and(eq(drawLog.siteId, mio.id), eq(drawLog.seq, 1));
    await handle.db
      .update(drawLog)
      .set({ value: 'f'.repeat(64) })
      .where(first);
    expect((await verifyDrawLog(await logOf())).problems).toContain(
      '抽選ログの 1 番のハッシュが、内容から計算した値と一致しません。',
    );
    // Its hash rewritten too: the next entry's link to it breaks.
    await handle.db
      .update(drawLog)
      .set({ hash: 'e'.repeat(64) })
      .where(first);
    expect((await verifyDrawLog(await logOf())).problems).toContain(
      '抽選ログの 2 番の prev が、前の項目のハッシュと一致しません。',
    );
    const [original] = log.entries;
    await handle.db.update(drawLog).set({ value: original!.value, hash: original!.hash }).where(first);
    expect(await verifyDrawLog(await logOf())).toMatchObject({ ok: true });
  });

  it("tells an unknown presale (or another site's) from a record not published yet", async () => {
    const unknown = await getDrawRecord(request, params({ id: crypto.randomUUID() }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'この先行受付は見つかりません。' },
    });
    const theirs = await setUp(second, LATER);
    const elsewhere = await getDrawRecord(request, params({ id: theirs.id }));
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toBe(
      'この先行受付は見つかりません。',
    );
    const pending = await setUp(mio, LATER);
    const early = await getDrawRecord(request, params({ id: pending.id }));
    expect(early.status).toBe(404);
    expect(early.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await early.json()).toEqual({
      error: { code: 'NOT_FOUND', message: '抽選記録は 12/10 12:00 に公開されます。' },
      publishesAt: '2026-12-10T03:00:00.000Z',
    });
  });
});
