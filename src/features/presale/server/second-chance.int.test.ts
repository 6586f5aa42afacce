import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { konbiniDeadline } from '@/server/payments/sandbox-konbini';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  complimentaryGrants,
  contentItems,
  drawLog,
  drawRounds,
  notices,
  presaleApplications,
  presaleOfferings,
} from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { verifyPublishedDraw, type DrawLog } from '@/features/presale/draw';
import { applicationSchema, presaleSetupSchema } from '@/features/presale/schemas';
import { applyToPresale } from './apply';
import { closeAndDrawDue } from './close-and-draw';
import { readDrawLog } from './draw-log';
import { announceResults } from './results';
import { releaseSeats, runSecondChance, secondChancePool, setSecondChance } from './second-chance';
import { savePresale } from './setup';
import type { Db } from '@/server/db/client';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
const actor = (): StaffActor => ({
  siteId: mio.id,
  uid: 'editor',
  email: 'editor@example.com',
  displayName: '編集',
  role: 'editor',
});

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

const AFTER_RESULTS = new Date('2026-01-26T00:00:00Z');

/** A presale of 2 seats drawn among 6 members (1 ticket each, konbini), its results announced. */
async function announcedPresale() {
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
  const presale = await savePresale(handle.db, actor(), item!.id, setup, new Date('2026-01-01T00:00:00Z'));
  const [offering] = await handle.db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id));
  const members: Member[] = [];
  for (let i = 0; i < 6; i++) {
    const member = await premiumMember(`sc-${presale.id.slice(0, 8)}-${i}`);
    members.push(member);
    const application = applicationSchema.parse({
      choices: [offering!.id],
      tickets: 1,
      companions: [],
      paymentMethod: 'konbini',
    });
    await applyToPresale(
      handle.db,
      mio.id,
      member,
      presale.id,
      application,
      new Date('2026-01-15T00:00:00Z'),
    );
  }
  await closeAndDrawDue(handle.db, new Date('2026-01-21T00:00:00Z'));
  await announceResults(handle.db, presale.id, AFTER_RESULTS);
  const applications = await handle.db
    .select()
    .from(presaleApplications)
    .where(eq(presaleApplications.presaleId, presale.id));
  const byMember = new Map(applications.map((a) => [a.memberId, a]));
  const winners = members.filter((m) => byMember.get(m.id)!.status === 'won');
  const losers = members.filter((m) => byMember.get(m.id)!.status === 'lost');
  return { presale, offeringId: offering!.id, winners, losers, byMember };
}

const statusOf = async (presaleId: string, memberId: string) =>
  (
    await handle.db
      .select()
      .from(presaleApplications)
      .where(and(eq(presaleApplications.presaleId, presaleId), eq(presaleApplications.memberId, memberId)))
  )[0]!;

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

describe('復活当選', () => {
  it('draws lapsed and released seats among the losers in line, once, as wins to pay, with a linked record', async () => {
    const { presale, offeringId, winners, losers } = await announcedPresale();
    expect(winners).toHaveLength(2);
    expect(losers).toHaveLength(4);
    // Only a loser can stay in line; a second click changes nothing.
    await expect(
      setSecondChance(handle.db, mio.id, winners[0]!.id, presale.id, true, AFTER_RESULTS),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    for (const loser of losers.slice(0, 3)) {
      await setSecondChance(handle.db, mio.id, loser.id, presale.id, true, AFTER_RESULTS);
    }
    await setSecondChance(handle.db, mio.id, losers[0]!.id, presale.id, true, AFTER_RESULTS);
    // One win lapses unpaid (as the job does) and staff release one seat: two seats come back.
    await handle.db
      .update(presaleApplications)
      .set({ status: 'lapsed' })
      .where(eq(presaleApplications.id, (await statusOf(presale.id, winners[0]!.id)).id));
    await releaseSeats(handle.db, actor(), presale.id, offeringId, 1);
    expect((await secondChancePool(handle.db, presale.id)).offerings).toEqual([
      { id: offeringId, capacity: 2 },
    ]);

    const later = new Date(AFTER_RESULTS.getTime() + 3_600_000);
    const [a, b] = await Promise.all([
      runSecondChance(handle.db, mio.id, presale.id, later),
      runSecondChance(handle.db, mio.id, presale.id, later),
    ]);
    const rounds = await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, presale.id));
    expect(rounds).toHaveLength(1);
    // A run that overlapped the other answers the same round; one that began after the other had ended finds every
    // seat given and answers empty (on a busy server either happens). Never a second round, never a win twice.
    for (const run of [a, b]) {
      expect(run.status === 'empty' || (run.status === 'drawn' && run.number === 2)).toBe(true);
    }
    expect([a, b].some((run) => run.status === 'drawn')).toBe(true);
    expect([a, b].reduce((sum, run) => sum + (run.status === 'drawn' ? run.winners : 0), 0)).toBe(2);

    const after = await Promise.all(losers.map((loser) => statusOf(presale.id, loser.id)));
    const won = after.filter((application) => application.status === 'won');
    expect(won).toHaveLength(2);
    for (const application of won) {
      expect(application).toMatchObject({
        wonOfferingId: offeringId,
        wonRank: 1,
        secondChanceRoundId: rounds[0]!.id,
      });
      // The presale's konbini deadline, from the round.
      expect(application.paymentDueAt).toEqual(konbiniDeadline(later, 3));
    }
    // The loser who did not ask stays lost, whatever the draw.
    expect(after[3]!.status).toBe('lost');
    const told = await handle.db.select().from(notices).where(eq(notices.kind, 'presale-second-chance-won'));
    expect(told.filter((n) => won.some((w) => w.memberId === n.memberId))).toHaveLength(2);

    // Every seat is given: the next run has nothing to draw and makes no round.
    expect(await runSecondChance(handle.db, mio.id, presale.id, later)).toEqual({ status: 'empty' });

    // The round's record, linked to the first, checks against the site's log.
    const log: DrawLog = JSON.parse(JSON.stringify(await readDrawLog(handle.db, mio.id, 'mio')));
    const file = new TextEncoder().encode(rounds[0]!.recordFile!);
    expect(await verifyPublishedDraw(file, { json: log })).toMatchObject({ ok: true });
    expect(
      (await handle.db.select().from(drawLog).where(eq(drawLog.presaleId, rounds[0]!.id))).map((e) => e.kind),
    ).toEqual(['commitment', 'round', 'entry-list', 'record']);
  });
  it('draws a round frozen but not drawn (the app died between the two) on the next run instead of answering empty', async () => {
    const { presale, offeringId, losers } = await announcedPresale();
    for (const loser of losers)
      await setSecondChance(handle.db, mio.id, loser.id, presale.id, true, AFTER_RESULTS);
    await releaseSeats(handle.db, actor(), presale.id, offeringId, 2);
    const later = new Date(AFTER_RESULTS.getTime() + 3_600_000);
    // The app dies between the round's freeze (its seats now reserved) and its draw: the second transaction fails.
    let transactions = 0;
    const dying = new Proxy(handle.db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (prop !== 'transaction') return value;
        return (...args: Parameters<Db['transaction']>) =>
          ++transactions === 2 ? Promise.reject(new Error('killed')) : target.transaction(...args);
      },
    });
    await expect(runSecondChance(dying, mio.id, presale.id, later)).rejects.toThrow('killed');
    expect(
      await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, presale.id)),
    ).toMatchObject([{ drawnAt: null }]);
    expect((await secondChancePool(handle.db, presale.id)).offerings).toEqual([
      { id: offeringId, capacity: 0 },
    ]);
    // The next run continues that round with what it froze.
    expect(await runSecondChance(handle.db, mio.id, presale.id, later)).toMatchObject({
      status: 'drawn',
      winners: 2,
    });
    const rounds = await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, presale.id));
    expect(rounds).toHaveLength(1);
  });
});
