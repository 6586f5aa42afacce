import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  complimentaryGrants,
  contentItems,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
  sessions,
  ticketScans,
  tickets,
} from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { presaleSetupSchema } from '@/features/presale';
import { savePresale } from '@/features/presale/server';
import { ticketSettingsSchema } from '@/features/tickets/schemas';
import { codeBatch } from './codes';
import { checkIn, scanBounds } from './door';
import { recordDoorSync } from './door-time';
import { issueDueTickets, issuePresaleTickets } from './issue';
import { myETickets } from './my-tickets';
import { offlineCodes } from './offline-codes';
import { saveTicketSettings } from './settings';
import { acceptTicket, offerTicket } from './transfer';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let editor: StaffActor;
const T0 = new Date('2026-12-01T01:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
// Performances on 2027-02-01 18:00 JST and 2027-02-02 18:00 JST.
const SHOW = new Date('2027-02-01T09:00:00Z');

let counter = 0;
async function premiumMember(site = mio, grantEnds = new Date('2027-06-01T00:00:00Z')): Promise<Member> {
  counter += 1;
  const uid = `t-${counter}`;
  const member = await ensureMember(handle.db, site.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db
    .insert(complimentaryGrants)
    .values({ siteId: site.id, memberId: member.id, endsAt: grantEnds, grantedBy: 'test' });
  return (await ensureMember(handle.db, site.id, uid))!;
}

async function presaleWithPaidWins(
  site: Site,
  wins: { applicant: Member; companions: Member[]; tickets: number }[],
) {
  const actor = { ...editor, siteId: site.id };
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: site.id, section: 'ticket', title: 'LIVE 2027', state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: ['2027-02-01', '2027-02-02'].map((day) => ({
      startsAt: `${day}T18:00`,
      doorsAt: `${day}T17:00`,
      venue: 'Zepp Haneda',
      offerings: [{ seatType: '指定席', capacity: 500, priceYen: 8800 }],
    })),
    ticketsPerApplication: 4,
    choiceCount: 1,
    opensAt: '2026-12-01T10:00',
    closesAt: '2026-12-08T23:59',
    resultsAt: '2026-12-10T12:00',
    joinedBefore: '2026-11-30T23:59',
    companionRule: 'member',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, actor, item!.id, setup, at(-24));
  const offerings = await handle.db
    .select({ id: presaleOfferings.id, performanceId: presaleOfferings.performanceId })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .where(eq(presaleOfferings.presaleId, presale.id))
    .orderBy(presalePerformances.startsAt);
  for (const [index, win] of wins.entries()) {
    // The payment contract: status 'paid' with paid_at set is a fully paid win of `tickets` for won_offering_id.
    const [application] = await handle.db
      .insert(presaleApplications)
      .values({
        presaleId: presale.id,
        memberId: win.applicant.id,
        receiptNo: `R${String(index).padStart(3, '0')}-0000`,
        tickets: win.tickets,
        status: 'paid',
        wonOfferingId: offerings[0]!.id,
        wonRank: 1,
        paidAt: at(24 * 10),
      })
      .returning();
    await handle.db.insert(presaleParticipants).values([
      {
        presaleId: presale.id,
        memberId: win.applicant.id,
        applicationId: application!.id,
        role: 'applicant',
      },
      ...win.companions.map((companion) => ({
        presaleId: presale.id,
        memberId: companion.id,
        applicationId: application!.id,
        role: 'companion' as const,
        companionStatus: 'accepted' as const,
      })),
    ]);
  }
  await saveTicketSettings(
    handle.db,
    actor,
    item!.id,
    ticketSettingsSchema.parse({ issueAt: '2026-12-20T12:00', seatsRevealAt: '2027-01-25T12:00' }),
    at(24 * 11),
  );
  return { presale, itemId: item!.id, performances: offerings.map((offering) => offering.performanceId) };
}

const ISSUE = new Date('2026-12-20T03:00:00Z');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  editor = {
    siteId: mio.id,
    uid: 'editor',
    email: 'editor@example.com',
    displayName: '編集',
    role: 'editor',
  };
});
afterAll(async () => handle?.drop());

describe('e-tickets', () => {
  it('are issued once per seat at the 発券日, whatever runs at once, with distinct fair seats', async () => {
    const fans = await Promise.all(Array.from({ length: 5 }, () => premiumMember()));
    const { presale } = await presaleWithPaidWins(mio, [
      { applicant: fans[0]!, companions: [fans[1]!], tickets: 2 },
      { applicant: fans[2]!, companions: [], tickets: 1 },
      { applicant: fans[3]!, companions: [fans[4]!], tickets: 2 },
    ]);
    expect(await issuePresaleTickets(handle.db, presale.id, new Date(ISSUE.getTime() - 1000))).toBe(0);
    const runs = await Promise.all([
      issuePresaleTickets(handle.db, presale.id, ISSUE),
      issuePresaleTickets(handle.db, presale.id, ISSUE),
      issueDueTickets(handle.db, ISSUE),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await issuePresaleTickets(handle.db, presale.id, ISSUE)).toBe(0);
    const issued = await handle.db.select().from(tickets).where(eq(tickets.presaleId, presale.id));
    expect(issued).toHaveLength(5);
    expect(new Set(issued.map((t) => t.seatLabel)).size).toBe(5);
    expect(new Set(issued.map((t) => t.serial))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(issued[0]!.seatLabel).toMatch(/^指定席 Aブロック 1列 \d+番$/);
    // Every ticket is the applicant's until they hand it on.
    const pair = issued.filter((t) => t.holderMemberId === fans[0]!.id);
    expect(pair.map((t) => t.seq).sort()).toEqual([1, 2]);
  });

  it('show the seat only from the reveal time, and move to a companion who accepts, never after check-in', async () => {
    const [a, b, c] = await Promise.all([premiumMember(), premiumMember(), premiumMember()]);
    const { presale, performances } = await presaleWithPaidWins(mio, [
      { applicant: a, companions: [b], tickets: 2 },
    ]);
    await issuePresaleTickets(handle.db, presale.id, ISSUE);
    const before = await myETickets(handle.db, mio.id, a.id, ISSUE);
    expect(before).toHaveLength(2);
    expect(before[0]!.seat).toBeNull();
    expect(before[0]!.companions.map((x) => x.memberId)).toEqual([b.id]);
    const revealed = await myETickets(handle.db, mio.id, a.id, new Date('2027-01-26T00:00:00Z'));
    expect(revealed[0]!.seat).toMatch(/ブロック/);

    const second = before.find((t) => t.id !== before[0]!.id)!;
    await expect(offerTicket(handle.db, mio.id, b.id, second.id, b.id, ISSUE)).rejects.toMatchObject({
      status: 403,
    });
    await expect(offerTicket(handle.db, mio.id, a.id, second.id, c.id, ISSUE)).rejects.toMatchObject({
      status: 422,
    });
    await offerTicket(handle.db, mio.id, a.id, second.id, b.id, ISSUE);
    await expect(offerTicket(handle.db, mio.id, a.id, before[0]!.id, b.id, ISSUE)).rejects.toMatchObject({
      status: 409,
    });
    expect((await myETickets(handle.db, mio.id, b.id, ISSUE)).map((t) => t.relation)).toEqual(['incoming']);
    // The old holder's code of this ticket stops working once it moved.
    const oldCodes = await codeBatch(handle.db, mio.id, a, ISSUE);
    const oldCode = oldCodes.subjects.find((s) => s.ref === second.id)!.codes[0]!;
    await Promise.all([
      acceptTicket(handle.db, mio.id, b.id, second.id, ISSUE),
      acceptTicket(handle.db, mio.id, b.id, second.id, ISSUE),
    ]);
    const [moved] = await handle.db.select().from(tickets).where(eq(tickets.id, second.id));
    expect(moved).toMatchObject({ holderMemberId: b.id, offeredToMemberId: null, holderVersion: 2 });
    expect((await myETickets(handle.db, mio.id, a.id, ISSUE)).map((t) => t.id)).toEqual([before[0]!.id]);
    const refused = await checkIn(
      handle.db,
      mio.id,
      'door',
      performances[0]!,
      { clientScanId: 'moved-scan-1', code: oldCode, scannedAt: ISSUE.getTime(), offline: false },
      ISSUE,
    );
    expect(refused).toMatchObject({ outcome: 'refused', reason: 'moved' });

    // Checked in: it cannot move any more; after the show nothing moves either.
    const bCodes = await codeBatch(handle.db, mio.id, b, ISSUE);
    const admitted = await checkIn(
      handle.db,
      mio.id,
      'door',
      performances[0]!,
      {
        clientScanId: 'b-scan-1',
        code: bCodes.subjects.find((s) => s.ref === second.id)!.codes[0]!,
        scannedAt: 0,
        offline: false,
      },
      ISSUE,
    );
    expect(admitted).toMatchObject({ outcome: 'admitted', seat: moved!.seatLabel });
    await expect(
      offerTicket(handle.db, mio.id, a.id, before[0]!.id, null, new Date(SHOW.getTime() + 60_000)),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('are checked in once: a replay, another performance, another site, a cancelled ticket and an expired code are refused', async () => {
    const [a, other] = await Promise.all([premiumMember(), premiumMember(second)]);
    const { presale, performances } = await presaleWithPaidWins(mio, [
      { applicant: a, companions: [], tickets: 1 },
    ]);
    await issuePresaleTickets(handle.db, presale.id, ISSUE);
    const now = new Date(SHOW.getTime() - 3_600_000);
    const batch = await codeBatch(handle.db, mio.id, a, now);
    expect(batch.subjects.map((s) => s.ref)).toContain('card');
    expect(batch.windows).toHaveLength(12);
    const entry = batch.subjects.find((s) => s.ref !== 'card')!;
    const scan = (
      clientScanId: string,
      code: string,
      performanceId = performances[0]!,
      when = now,
      offline = false,
    ) =>
      checkIn(
        handle.db,
        mio.id,
        'door',
        performanceId,
        { clientScanId, code, scannedAt: when.getTime(), offline },
        when,
      );

    expect(await scan('s-other-perf', entry.codes[0]!, performances[1]!)).toMatchObject({
      reason: 'another-performance',
    });
    const later = new Date(now.getTime() + 120_000);
    expect(await scan('s-expired', entry.codes[0]!, performances[0]!, later)).toMatchObject({
      reason: 'expired',
    });
    const [first, replay] = await Promise.all([scan('s-1', entry.codes[0]!), scan('s-2', entry.codes[0]!)]);
    expect([first.outcome, replay.outcome].sort()).toEqual(['admitted', 'refused']);
    expect(
      await scan('s-3', entry.codes[1]!, performances[0]!, new Date(now.getTime() + 30_000)),
    ).toMatchObject({
      reason: 'used',
    });
    // The same scan sent again (a retried sync) is the same answer, recorded once.
    const again = await scan('s-1', entry.codes[0]!);
    expect(again.outcome).toBe(first.outcome === 'admitted' ? 'admitted' : 'refused');
    expect(
      await handle.db.select().from(ticketScans).where(eq(ticketScans.clientScanId, 's-1')),
    ).toHaveLength(1);

    // Another site's member's card, shown at this site's door.
    const otherCard = (await codeBatch(handle.db, second.id, other, now)).subjects[0]!.codes[0]!;
    expect(await scan('s-site', otherCard)).toMatchObject({ reason: 'another-site' });

    // A refunded (cancelled) win: its ticket is refused.
    const [b] = await Promise.all([premiumMember()]);
    const { presale: p2, performances: perf2 } = await presaleWithPaidWins(mio, [
      { applicant: b!, companions: [], tickets: 1 },
    ]);
    await issuePresaleTickets(handle.db, p2.id, ISSUE);
    const bCode = (await codeBatch(handle.db, mio.id, b!, now)).subjects.find((s) => s.ref !== 'card')!
      .codes[0]!;
    await handle.db
      .update(presaleApplications)
      .set({ status: 'refunded' })
      .where(eq(presaleApplications.presaleId, p2.id));
    expect(await scan('s-cancel', bCode, perf2[0]!)).toMatchObject({ reason: 'cancelled' });
    expect((await codeBatch(handle.db, mio.id, b!, now)).subjects.map((s) => s.ref)).toEqual(['card']);
  });

  it('flag a ticket admitted twice while offline when the scans are synced', async () => {
    const a = await premiumMember();
    const { presale, performances } = await presaleWithPaidWins(mio, [
      { applicant: a, companions: [], tickets: 1 },
    ]);
    await issuePresaleTickets(handle.db, presale.id, ISSUE);
    const seen = new Date(SHOW.getTime() - 1_800_000);
    const code = (await codeBatch(handle.db, mio.id, a, seen)).subjects.find((s) => s.ref !== 'card')!
      .codes[0]!;
    const synced = new Date(seen.getTime() + 600_000);
    const sync = (clientScanId: string, scannedAt: Date) =>
      checkIn(
        handle.db,
        mio.id,
        'door-2',
        performances[0]!,
        { clientScanId, code, scannedAt: scannedAt.getTime(), offline: true },
        synced,
      );
    // Two devices admitted the same code offline; judged at the time each saw it, not at the sync.
    expect(await sync('device-a-1', seen)).toMatchObject({ outcome: 'admitted' });
    expect(await sync('device-b-1', new Date(seen.getTime() + 5_000))).toMatchObject({
      outcome: 'duplicate',
      reason: 'used',
    });
    const rows = await handle.db
      .select({ outcome: ticketScans.outcome, offline: ticketScans.offline })
      .from(ticketScans)
      .where(and(eq(ticketScans.performanceId, performances[0]!), eq(ticketScans.staffUid, 'door-2')));
    expect(rows.map((row) => row.outcome).sort()).toEqual(['admitted', 'duplicate']);
  });

  it('bound an offline scan by the door window and the device’s last sync: an old screenshot sent later is refused (issue 37)', async () => {
    const a = await premiumMember();
    const { presale, performances } = await presaleWithPaidWins(mio, [
      { applicant: a, companions: [], tickets: 1 },
    ]);
    const performance = performances[0]!;
    await issuePresaleTickets(handle.db, presale.id, ISSUE);
    // Two door devices: their staff sessions.
    const device = async (idHash: string) => {
      await handle.db.insert(sessions).values({
        idHash,
        siteId: mio.id,
        uid: 'door-4',
        authTime: SHOW,
        expiresAt: new Date(SHOW.getTime() + 86_400_000),
      });
      return idHash;
    };
    const [synced, unsynced] = [await device('door-device-synced'), await device('door-device-new')];
    const codeAt = async (when: Date) =>
      (await codeBatch(handle.db, mio.id, a, when)).subjects.find((s) => s.ref !== 'card')!.codes[0]!;
    const now = new Date(SHOW.getTime() - 1_800_000); // 17:30 JST, doors at 17:00
    const offline = async (id: string, when: Date, from: string) =>
      checkIn(
        handle.db,
        mio.id,
        'door-4',
        performance,
        { clientScanId: id, code: await codeAt(when), scannedAt: when.getTime(), offline: true },
        now,
        await scanBounds(handle.db, mio.id, performance, from),
      );

    // A screenshot taken at 17:10; the device synced at 17:20; the copy is sent at 17:30 dated 17:10.
    const shot = new Date(now.getTime() - 20 * 60_000);
    await recordDoorSync(handle.db, synced, mio.id, performance, new Date(now.getTime() - 10 * 60_000));
    expect(await offline('replay-before-sync', shot, synced)).toMatchObject({
      outcome: 'refused',
      reason: 'offline-before-sync',
    });
    // A code of the day before, dated then (inside the old 24 hours), from a device with no sync known.
    const dayBefore = new Date(now.getTime() - 23 * 3_600_000);
    expect(await offline('replay-day-before', dayBefore, unsynced)).toMatchObject({
      reason: 'offline-outside-window',
    });
    expect(await offline('from-the-future', new Date(now.getTime() + 10 * 60_000), unsynced)).toMatchObject({
      reason: 'offline-future',
    });
    const [recorded] = await handle.db
      .select()
      .from(ticketScans)
      .where(eq(ticketScans.clientScanId, 'replay-before-sync'));
    expect(recorded).toMatchObject({ outcome: 'refused', offline: 1 });
    expect(recorded!.reason).toContain('最後にサーバーと通信した時刻より前');

    // Seen offline after the sync, inside the window: admitted at the time the door saw it.
    const seen = new Date(now.getTime() - 5 * 60_000);
    expect(await offline('inside', seen, synced)).toMatchObject({
      outcome: 'admitted',
      checkedInAt: seen.toISOString(),
    });
  });

  it('a lapsed member card is refused, a valid one shows the member', async () => {
    const now = new Date('2026-12-15T00:00:00Z');
    const lapsing = await premiumMember(mio, new Date('2026-12-15T00:00:20Z'));
    const code = (await codeBatch(handle.db, mio.id, lapsing, now)).subjects[0]!.codes[0]!;
    const anyPerformance = (
      await handle.db.select({ id: presalePerformances.id }).from(presalePerformances).limit(1)
    )[0]!.id;
    const scan = (id: string, when: Date) =>
      checkIn(
        handle.db,
        mio.id,
        'door',
        anyPerformance,
        { clientScanId: id, code, scannedAt: when.getTime(), offline: false },
        when,
      );
    expect(await scan('card-ok', now)).toMatchObject({ outcome: 'member' });
    expect(await scan('card-lapsed', new Date(now.getTime() + 30_000))).toMatchObject({
      outcome: 'refused',
      reason: 'lapsed',
    });
  });

  it('settings are checked with Japanese reasons', async () => {
    const a = await premiumMember();
    const { itemId } = await presaleWithPaidWins(mio, [{ applicant: a, companions: [], tickets: 1 }]);
    expect(
      ticketSettingsSchema.safeParse({ issueAt: '2026-12-20T12:00', seatsRevealAt: '2026-12-19T12:00' }).error
        ?.issues[0]?.message,
    ).toBe('座席の表示開始は発券日以降にしてください。');
    expect(
      ticketSettingsSchema.safeParse({ issueAt: 'soon', seatsRevealAt: '2026-12-19T12:00' }).success,
    ).toBe(false);
    await expect(
      saveTicketSettings(
        handle.db,
        editor,
        itemId,
        ticketSettingsSchema.parse({ issueAt: '2026-12-09T12:00', seatsRevealAt: '2026-12-20T12:00' }),
        at(24 * 11),
      ),
    ).rejects.toMatchObject({ status: 422, message: '発券日は当落発表以降にしてください。' });
    await expect(
      saveTicketSettings(
        handle.db,
        editor,
        itemId,
        ticketSettingsSchema.parse({ issueAt: '2026-12-20T12:00', seatsRevealAt: '2027-03-01T12:00' }),
        at(24 * 11),
      ),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      saveTicketSettings(
        handle.db,
        { ...editor, role: 'door' },
        itemId,
        ticketSettingsSchema.parse({ issueAt: '2026-12-20T12:00', seatsRevealAt: '2026-12-20T12:00' }),
        at(24 * 11),
      ),
    ).rejects.toMatchObject({ status: 403 });
    const [row] = await handle.db.select().from(presales).where(eq(presales.itemId, itemId));
    expect(row!.ticketsIssueAt).toEqual(ISSUE);
  });
});

describe('codes signed ahead for no signal (decision 0054)', () => {
  it('are given on the day only, for the door window of the day’s tickets, and the server admits them once', async () => {
    const fan = await premiumMember();
    const { presale, performances } = await presaleWithPaidWins(mio, [
      { applicant: fan, companions: [], tickets: 1 },
    ]);
    await issuePresaleTickets(handle.db, presale.id, ISSUE);
    const [ticket] = await myETickets(handle.db, mio.id, fan.id, ISSUE);
    // 23:00 the evening before in Japan: nothing is signed ahead.
    expect(await offlineCodes(handle.db, mio.id, fan, new Date('2027-01-31T14:00:00Z'))).toMatchObject({
      until: null,
      batch: { windows: [], subjects: [] },
    });
    // 10:00 on the day: 開場 17:00 to an hour after 開演 18:00, for the card and the ticket.
    const day = await offlineCodes(handle.db, mio.id, fan, new Date('2027-02-01T01:00:00Z'));
    expect(day.until).toBe(Date.parse('2027-02-01T10:00:00Z'));
    expect(day.batch.windows[0]).toBe(Date.parse('2027-02-01T08:00:00Z') / 1000);
    expect(day.batch.windows).toHaveLength(240);
    expect(day.batch.subjects.map((subject) => subject.ref)).toEqual(['card', ticket!.id]);
    const ticketCodes = day.batch.subjects[1]!;
    // The code of 18:00:00, scanned then: admitted; the same ticket again: used.
    const index = day.batch.windows.indexOf(Date.parse('2027-02-01T09:00:00Z') / 1000);
    const scan = (id: string, code: string) =>
      checkIn(
        handle.db,
        mio.id,
        'door',
        performances[0]!,
        { clientScanId: id, code, scannedAt: 0, offline: false },
        new Date('2027-02-01T09:00:10Z'),
      );
    expect(await scan('ahead-1', ticketCodes.codes[index]!)).toMatchObject({ outcome: 'admitted' });
    expect(await scan('ahead-2', ticketCodes.codes[index]!)).toMatchObject({
      outcome: 'refused',
      reason: 'used',
    });
    // Checked in: nothing more is signed ahead for it.
    const after = await offlineCodes(handle.db, mio.id, fan, new Date('2027-02-01T09:01:00Z'));
    expect(after.batch.subjects.map((subject) => subject.ref)).toEqual([]);
  });
});
