import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  complimentaryGrants,
  contentItems,
  members,
  presaleApplications,
  presaleOfferings,
  presaleResults,
} from '@/server/db/schema';
import { countQueries } from '@/server/db/query-count';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession } from '@/features/auth/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { handleBillingEvent } from '@/features/billing/server';
import type { StaffActor } from '@/features/staff';
import { applicationSchema, presaleSetupSchema } from '@/features/presale/schemas';
import { applyToPresale } from './apply';
import { answerInvitation } from './companions';
import { closeAndDrawDue } from './close-and-draw';
import { runPresaleJobs } from './jobs';
import { announceResults } from './results';
import { savePresale, type Presale } from './setup';
import { myApplication, presaleForSession, presaleForViewer } from './view';

/**
 * Issue 40, point 3: each applicant's result is written once at the results time (presale_results) and their result
 * view is answered from that row in one round trip, equal to the view rebuilt from the application, and still right
 * once the win is paid or lapses.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let provider: SandboxProvider;
let owner: StaffActor;
const HOUR = 3_600_000;
const NOW = Date.now();
const at = (hours: number) => new Date(NOW + hours * HOUR);
const jst = (date: Date) => new Date(date.getTime() + 9 * HOUR).toISOString().slice(0, 16);
const GOOD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

async function fan(uid: string, card = false): Promise<Member> {
  const member = await ensureMember(handle.db, mio.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db
    .insert(complimentaryGrants)
    .values({ siteId: mio.id, memberId: member.id, endsAt: at(24 * 400), grantedBy: 'test' });
  await handle.db
    .update(members)
    .set({ nickname: `ニック${uid}` })
    .where(eq(members.id, member.id));
  if (card) {
    const customerId = await provider.createCustomer({ siteId: mio.id, memberId: member.id, email: null });
    await provider.changeCard({ customerId, subscriptionId: null, card: GOOD });
    await handle.db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
  }
  return (await ensureMember(handle.db, mio.id, uid))!;
}

/** Closed two days ago, results an hour ago; 3 seats of A (two winners fill them exactly), none of B. */
async function setUp(): Promise<{ presale: Presale; itemId: string; a: string; b: string }> {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'LIVE 2027 結果', state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: jst(at(24 * 40)),
        doorsAt: null,
        venue: 'Zepp Haneda',
        offerings: [
          { seatType: 'A指定', capacity: 3, priceYen: 8800 },
          { seatType: 'B満席', capacity: 0, priceYen: 7700 },
        ],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 2,
    opensAt: jst(at(-24 * 10)),
    closesAt: jst(at(-48)),
    resultsAt: jst(at(-1)),
    joinedBefore: jst(at(-24 * 11)),
    companionRule: 'member',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, owner, item!.id, setup, at(-24 * 12));
  const offerings = await handle.db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id))
    .orderBy(asc(presaleOfferings.seatType));
  return { presale, itemId: item!.id, a: offerings[0]!.id, b: offerings[1]!.id };
}

const apply = (
  who: Member,
  presale: Presale,
  choices: string[],
  method: 'card' | 'konbini',
  tickets: number,
  companions: Member[] = [],
) =>
  applyToPresale(
    handle.db,
    mio.id,
    who,
    presale.id,
    applicationSchema.parse({
      choices,
      tickets,
      companions: companions.map((c) => String(c.memberNumber)),
      paymentMethod: method,
    }),
    at(-24 * 5),
  );

/** The viewer's presale view and the database round trips it took. */
async function viewOf(itemId: string, member: Member | null, now = new Date()) {
  const count = { queries: 0 };
  const view = await countQueries(count, () => presaleForViewer(handle.db, mio.id, itemId, member, now));
  return { view: view!, queries: count.queries };
}

const rowsOf = (presaleId: string) =>
  handle.db
    .select()
    .from(presaleResults)
    .where(eq(presaleResults.presaleId, presaleId))
    .orderBy(asc(presaleResults.memberId));

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const db = handle.db;
  provider = createSandboxProvider(db, async (event) => {
    await handleBillingEvent(db, provider, event);
  });
  owner = { siteId: mio.id, uid: 'owner', email: 'o@example.com', displayName: 'オーナー', role: 'owner' };
});
afterAll(async () => handle?.drop());

describe('results written once at the results time, read from the row', () => {
  it('writes one row per applicant once, answers in one round trip what the rebuild gave, and follows payments', async () => {
    const { presale, itemId, a, b } = await setUp();
    const [w1, w2, l1, l2, c1, c2] = await Promise.all([
      fan('r-w1', true),
      fan('r-w2'),
      fan('r-l1', true),
      fan('r-l2'),
      fan('r-c1'),
      fan('r-c2'),
    ]);
    // w1 (card, 2 seats, an accepted companion) and w2 (konbini, 1 seat, won on its 2nd choice) fill A's 3 seats;
    // l1 asks only for B, which has none; l2 too, with a companion who never answered.
    await apply(w1!, presale, [a], 'card', 2, [c1!]);
    await answerInvitation(handle.db, mio.id, c1!, presale.id, 'accept', at(-24 * 4));
    await apply(w2!, presale, [b, a], 'konbini', 1);
    await apply(l1!, presale, [b], 'card', 1);
    await apply(l2!, presale, [b], 'konbini', 2, [c2!]);
    await closeAndDrawDue(handle.db, at(-47));
    const applicants = [w1!, w2!, l1!, l2!];

    // Results time reached, not yet announced: the view is rebuilt from the applications, as before.
    const rebuilt = new Map<string, Awaited<ReturnType<typeof viewOf>>>();
    for (const who of applicants) rebuilt.set(who.id, await viewOf(itemId, who));
    expect(rebuilt.get(w1!.id)!.view.mine).toMatchObject({ status: 'won', wonRank: 1, tickets: 2 });
    expect(rebuilt.get(w2!.id)!.view.mine).toMatchObject({ status: 'won', wonRank: 2, wonOfferingId: a });
    expect(rebuilt.get(l1!.id)!.view.mine).toMatchObject({ status: 'lost' });
    expect(rebuilt.get(w1!.id)!.view.mine!.companions).toEqual([
      { memberNumber: c1!.memberNumber, nickname: 'ニックr-c1', status: 'accepted' },
    ]);
    expect(await rowsOf(presale.id)).toEqual([]);

    // Two instances at once, then a retry: one row per applicant, written once and never again.
    const now = new Date();
    const announced = await Promise.all([
      announceResults(handle.db, presale.id, now),
      announceResults(handle.db, presale.id, now),
    ]);
    expect(announced.filter(Boolean)).toHaveLength(1);
    const rows = await rowsOf(presale.id);
    expect(rows.map((row) => row.memberId).sort()).toEqual(applicants.map((m) => m.id).sort());
    expect(await announceResults(handle.db, presale.id, new Date())).toBe(false);
    expect(await rowsOf(presale.id)).toEqual(rows);
    const w2Row = rows.find((row) => row.memberId === w2!.id)!;
    const [w2App] = await handle.db
      .select()
      .from(presaleApplications)
      .where(eq(presaleApplications.id, w2Row.applicationId));
    expect(w2Row.result.won).toEqual({
      performanceId: expect.any(String),
      startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      venue: 'Zepp Haneda',
      seatType: 'A指定',
      amountYen: 8800,
      payBy: w2App!.paymentDueAt!.toISOString(),
    });

    // After the announcement: one round trip per applicant, the same view as the rebuild (only the konbini win's
    // updatedAt moved: the announcement set its deadline), and the same as a rebuild made now.
    for (const who of applicants) {
      const { view, queries } = await viewOf(itemId, who);
      expect(queries).toBe(1);
      const before = rebuilt.get(who.id)!.view;
      expect({ ...view, mine: { ...view.mine, updatedAt: '' } }).toEqual({
        ...before,
        mine: { ...before.mine, updatedAt: '' },
      });
      expect(view.mine).toEqual(await myApplication(handle.db, presale.id, who.id, true));
      // The answer the front server gives reads the same with the session, in its one statement.
      const { token } = await createSession(handle.db, {
        siteId: mio.id,
        uid: who.uid,
        email: null,
        authTime: now,
      });
      const count = { queries: 0 };
      const read = await countQueries(count, () => presaleForSession(handle.db, mio, itemId, token));
      expect([read?.member?.id, read?.view, count.queries]).toEqual([who.id, view, 1]);
    }
    // A companion reads the invitation with the presale, and a visitor the presale alone: one round trip each.
    const companion = await viewOf(itemId, c1!);
    expect(companion.queries).toBe(1);
    expect(companion.view.invitation).toMatchObject({ status: 'accepted', tickets: 2 });
    expect((await viewOf(itemId, null)).queries).toBe(1);

    // The job charges the card (paid) and issues the konbini voucher; unpaid past its deadline, the konbini win
    // lapses. The row does not change; the view follows the application's live state.
    await runPresaleJobs(handle.db, provider);
    const paid = await viewOf(itemId, w1!);
    expect(paid.queries).toBe(1);
    expect(paid.view.mine).toMatchObject({ status: 'paid', wonRank: 1 });
    expect(paid.view.mine).toEqual(await myApplication(handle.db, presale.id, w1!.id, true));
    const later = at(24 * 6);
    await runPresaleJobs(handle.db, provider, later);
    const lapsed = await viewOf(itemId, w2!, later);
    expect(lapsed.view.mine).toMatchObject({ status: 'lapsed', wonRank: 2 });
    expect(lapsed.view.mine).toEqual(await myApplication(handle.db, presale.id, w2!.id, true));
    expect(await rowsOf(presale.id)).toEqual(rows);
  });
});
