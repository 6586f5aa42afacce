import { and, eq, sql } from 'drizzle-orm';
import { executeRows } from '@/server/db/raw';
import { env } from '@/server/env';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countQueries } from '@/server/db/query-count';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { complimentaryGrants, contentItems, members, notices, presaleOfferings } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { createSession, firebaseIdentity, SESSION_COOKIE } from '@/features/auth/server';
import { getPaymentProvider } from '@/features/billing/server';
import type { StaffActor } from '@/features/staff';
import { applicationSchema, presaleSetupSchema, type ApplicationInput } from '@/features/presale/schemas';
import { applyToPresale, updateApplication } from './apply';
import { answerInvitation } from './companions';
import { savePresale, type Presale } from './setup';
import { presaleForViewer } from './view';
import { memberPost } from '@/test/member-request';
import { toJstLocalInput } from '@/lib/dates';

/**
 * Nobody can take another member's place (issue 37): an invitation never blocks its invitee, the companion field
 * answers alike for every member who cannot be named, and naming has an allowance of its own. The limits count at
 * their real numbers here.
 */
vi.mock('@/server/env', async (importOriginal) => {
  const actual = await importOriginal<{ env: Record<string, unknown> }>();
  return { ...actual, env: { ...actual.env, RATE_LIMIT_SCALE: 1 } };
});
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let editor: StaffActor;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
const { applicationAnswer, presaleViewAnswer } = await import('./direct-api');

let counter = 0;
async function premiumMember(premium = true): Promise<Member> {
  counter += 1;
  const uid = `c-${counter}`;
  const member = await ensureMember(handle.db, mio.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  if (premium) {
    await handle.db.insert(complimentaryGrants).values({
      siteId: mio.id,
      memberId: member.id,
      endsAt: new Date('2099-01-01T00:00:00Z'),
      grantedBy: 'test',
    });
  }
  return (await ensureMember(handle.db, mio.id, uid))!;
}

/** "2026-12-01T10:00" in Japan time, as the staff form types it. */
const jst = (date: Date) => toJstLocalInput(date);

/** A presale whose window runs from `opens` for a week, companions by member number, 2 tickets (or `tickets`). */
async function presaleOpenFrom(opens: Date, tickets = 2): Promise<{ presale: Presale; offering: string }> {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'LIVE 2027', state: 'published' })
    .returning();
  const day = 86_400_000;
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: jst(new Date(opens.getTime() + 30 * day)),
        doorsAt: null,
        venue: 'Zepp Haneda',
        offerings: [{ seatType: '指定席', capacity: 10, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: tickets,
    choiceCount: 1,
    opensAt: jst(opens),
    closesAt: jst(new Date(opens.getTime() + 7 * day)),
    resultsAt: jst(new Date(opens.getTime() + 8 * day)),
    joinedBefore: jst(new Date(opens.getTime() - day)),
    companionRule: 'member',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, editor, item!.id, setup, new Date(opens.getTime() - day));
  const [offering] = await handle.db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id));
  return { presale, offering: offering!.id };
}

const form = (input: Omit<ApplicationInput, 'paymentMethod'> & Partial<ApplicationInput>) =>
  applicationSchema.parse({ paymentMethod: 'konbini', ...input });

const noticesOf = (member: Member, kind: string) =>
  handle.db
    .select()
    .from(notices)
    .where(and(eq(notices.memberId, member.id), eq(notices.kind, kind)));

/** A session of this member, last checked with the identity provider at `checkedAt`. */
async function sessionOf(member: Member, checkedAt = new Date()): Promise<string> {
  const { token } = await createSession(
    handle.db,
    { siteId: mio.id, uid: member.uid, email: null, authTime: checkedAt },
    checkedAt,
  );
  return token;
}

/** POST /api/presales/{id}/application with this session, through the handler the front server runs. */
function postWith(token: string, presaleId: string, body: unknown): Promise<Response> {
  const request = memberPost(`http://localhost/api/presales/${presaleId}/application`, token, body);
  return applicationAnswer(request, mio, { id: presaleId });
}

async function post(member: Member, presaleId: string, body: unknown): Promise<Response> {
  return postWith(await sessionOf(member), presaleId, body);
}

/** What `run` answered and the database round trips it made (src/server/db/query-count.ts). */
async function roundTrips<T>(run: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const count = { queries: 0 };
  const value = await countQueries(count, run);
  return { value, queries: count.queries };
}

const naming = (offering: string, number: number | string, action: 'apply' | 'update' = 'apply') => ({
  action,
  application: { choices: [offering], tickets: 2, companions: [String(number)], paymentMethod: 'konbini' },
});

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  editor = { siteId: mio.id, uid: 'editor', email: 'e@example.com', displayName: '編集', role: 'editor' };
});
afterAll(async () => handle?.drop());

describe('companions (issue 37)', () => {
  it('cannot lock a member out: named, declined, named again, the member still applies at the close; the inviter is told; a block holds', async () => {
    const T0 = new Date('2026-12-01T01:00:00Z');
    const { presale, offering } = await presaleOpenFrom(T0);
    const [a, b] = [await premiumMember(), await premiumMember()];
    const nameB = form({ choices: [offering], tickets: 2, companions: [String(b.memberNumber)] });
    await applyToPresale(handle.db, mio.id, a, presale.id, nameB, new Date(T0.getTime() + 60_000));
    await answerInvitation(handle.db, mio.id, b, presale.id, 'decline', new Date(T0.getTime() + 120_000));
    await updateApplication(handle.db, mio.id, a, presale.id, nameB, new Date(T0.getTime() + 180_000));
    // Told at once, each time: who, which presale, by when.
    const invited = await noticesOf(b, 'presale-companion-invited');
    expect(invited).toHaveLength(2);
    expect(invited[0]!.data).toMatchObject({ title: 'LIVE 2027', answerBy: presale.closesAt.toISOString() });

    // Five minutes before the close, b applies all the same.
    const nearClose = new Date(presale.closesAt.getTime() - 5 * 60_000);
    const own = await applyToPresale(
      handle.db,
      mio.id,
      b,
      presale.id,
      form({ choices: [offering], tickets: 1, companions: [] }),
      nearClose,
    );
    expect(own.status).toBe('applied');
    const seen = await presaleForViewer(handle.db, mio.id, presale.itemId, a, nearClose);
    expect(seen?.mine).toMatchObject({ tickets: 2, companions: [] });
    const told = await noticesOf(a, 'presale-companion-withdrawn');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      companionNumber: b.memberNumber,
      receiptNo: seen?.mine?.receiptNo,
    });

    // The next tour: b refuses a's invitations for good; naming b then answers as for anyone unnamable.
    const next = await presaleOpenFrom(T0);
    const at = new Date(T0.getTime() + 3_600_000);
    const again = form({ choices: [next.offering], tickets: 2, companions: [String(b.memberNumber)] });
    await applyToPresale(handle.db, mio.id, a, next.presale.id, again, at);
    await answerInvitation(handle.db, mio.id, b, next.presale.id, 'decline-and-block', at);
    await expect(updateApplication(handle.db, mio.id, a, next.presale.id, again, at)).rejects.toMatchObject({
      status: 422,
      message: `会員番号 ${b.memberNumber} の方は同行者に指定できません。`,
    });
  });

  it('answers byte for byte alike for a member who is not premium, taking part, nonexistent or who blocked the applicant', async () => {
    const { presale, offering } = await presaleOpenFrom(new Date(Date.now() - 3_600_000));
    const applicant = await premiumMember();
    const [eligible, guest, taking, blocker, inviter] = [
      await premiumMember(),
      await premiumMember(false),
      await premiumMember(),
      await premiumMember(),
      await premiumMember(),
    ];
    expect((await post(taking, presale.id, naming(offering, inviter.memberNumber!))).status).toBe(201);
    // blocker refused applicant's invitations (on an earlier presale).
    const earlier = await presaleOpenFrom(new Date(Date.now() - 3_600_000));
    expect(
      (await post(applicant, earlier.presale.id, naming(earlier.offering, blocker.memberNumber!))).status,
    ).toBe(201);
    expect((await post(blocker, earlier.presale.id, { action: 'decline', block: true })).status).toBe(200);

    const nonexistent = 999_999;
    const answers = [];
    for (const number of [guest.memberNumber!, taking.memberNumber!, nonexistent, blocker.memberNumber!]) {
      const response = await post(applicant, presale.id, naming(offering, number));
      answers.push({
        status: response.status,
        type: response.headers.get('content-type'),
        body: (await response.text()).replace(`会員番号 ${number} の方`, '会員番号 N の方'),
      });
    }
    expect(answers[0]).toEqual({
      status: 422,
      type: expect.stringContaining('application/json'),
      body: expect.stringContaining('会員番号 N の方は同行者に指定できません。'),
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await post(applicant, presale.id, naming(offering, eligible.memberNumber!))).status).toBe(201);
  });

  it('limits the distinct member numbers one account names in a presale: 8 an hour, then 429 with Retry-After', async () => {
    const { presale, offering } = await presaleOpenFrom(new Date(Date.now() - 3_600_000));
    const walker = await premiumMember();
    // Eight numbers nobody holds: each answered as unnamable, and counted.
    for (let i = 1; i <= 8; i += 1) {
      expect((await post(walker, presale.id, naming(offering, 900_000 + i))).status).toBe(422);
    }
    // A number tried before costs nothing again (a fan correcting the rest of the form).
    expect((await post(walker, presale.id, naming(offering, 900_001))).status).toBe(422);
    const refused = await post(walker, presale.id, naming(offering, 900_009));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('同行者の会員番号を指定できる回数の上限に達しました');
    // The same statement counts the request itself (presale:account, 20 per 10 minutes; 10 made so far).
    await consumeRateLimit(handle.db, 'presale:account', `${mio.id}:${walker.uid}`, { cost: 10 });
    const busy = await post(walker, presale.id, naming(offering, 900_001));
    expect(busy.status).toBe(429);
    expect(await busy.text()).not.toContain('同行者の会員番号');
    // Another account names on.
    const honest = await premiumMember();
    expect((await post(honest, presale.id, naming(offering, 900_009))).status).toBe(422);
  });
});

/**
 * Issue 40, point 2: an application in a handful of database round trips, the identity provider asked only when the
 * session's own check is due, and the TICKET item's open-presale panel in one prepared query. The counts are of the
 * whole answer of the front server's handler, after the site (cached per process) and with the session made
 * beforehand; a transaction's BEGIN and COMMIT count as the round trips they are (query-count.ts).
 */
describe('round trips of the opening (issue 40)', () => {
  const GOOD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
  async function withCard(member: Member): Promise<Member> {
    const provider = await getPaymentProvider();
    const customerId = await provider.createCustomer({ siteId: mio.id, memberId: member.id, email: null });
    await provider.changeCard({ customerId, subscriptionId: null, card: GOOD });
    await handle.db.update(members).set({ billingCustomerId: customerId }).where(eq(members.id, member.id));
    return { ...member, billingCustomerId: customerId };
  }
  const alone = (offering: string, paymentMethod: 'card' | 'konbini') => ({
    action: 'apply',
    application: { choices: [offering], tickets: 1, companions: [], paymentMethod },
  });

  it('applies in 3 (konbini) or 4 (card), refuses a second application, and asks the provider only when due', async () => {
    const { presale, offering } = await presaleOpenFrom(new Date(Date.now() - 3_600_000));
    // The provider, counted: it says yes to every account it is asked about.
    const getAccount = vi
      .spyOn(firebaseIdentity, 'getAccount')
      .mockResolvedValue({ disabled: false, validAfter: null, email: null, emailVerified: true });
    try {
      const konbini = await premiumMember();
      const token = await sessionOf(konbini);
      const first = await roundTrips(() => postWith(token, presale.id, alone(offering, 'konbini')));
      expect(first.value.status).toBe(201);
      expect(getAccount).not.toHaveBeenCalled();
      // The session with its member, the request's allowance, the application: 3.
      expect(first.queries).toBe(3);
      const again = await roundTrips(() => postWith(token, presale.id, alone(offering, 'konbini')));
      expect(again.value.status).toBe(409);
      expect(again.queries).toBeLessThanOrEqual(3);
      // The statement refuses what the rules refuse, and says why: not premium, joined after the cutoff.
      const guest = await post(await premiumMember(false), presale.id, alone(offering, 'konbini'));
      expect(guest.status).toBe(403);
      const late = await premiumMember();
      await handle.db.update(members).set({ joinedAt: new Date() }).where(eq(members.id, late.id));
      const lateAnswer = await post(late, presale.id, alone(offering, 'konbini'));
      expect(lateAnswer.status).toBe(403);
      expect(await lateAnswer.text()).toContain('入会締切より後にご入会の方');

      const cardToken = await sessionOf(await withCard(await premiumMember()));
      const byCard = await roundTrips(() => postWith(cardToken, presale.id, alone(offering, 'card')));
      expect(byCard.value.status).toBe(201);
      // The sandbox's card lookup is a database read: one more.
      expect(byCard.queries).toBeLessThanOrEqual(4);
      expect(getAccount).not.toHaveBeenCalled();

      // A session checked 5 minutes ago is due (4 minutes): its application waits for the one check, the next not.
      const due = await premiumMember();
      const dueToken = await sessionOf(due, new Date(Date.now() - 5 * 60_000));
      const checked = await roundTrips(() => postWith(dueToken, presale.id, alone(offering, 'konbini')));
      expect(checked.value.status).toBe(201);
      expect(getAccount).toHaveBeenCalledTimes(1);
      // The check's own write (the session marked checked) is the one round trip more.
      expect(checked.queries).toBeLessThanOrEqual(4);
      expect((await postWith(dueToken, presale.id, alone(offering, 'konbini'))).status).toBe(409);
      expect(getAccount).toHaveBeenCalledTimes(1);
    } finally {
      getAccount.mockRestore();
    }
  });

  it('applies with one or three companions in at most 4 (card or konbini), each told; reads the open panel in one prepared query', async () => {
    const { presale, offering } = await presaleOpenFrom(new Date(Date.now() - 3_600_000), 4);
    const [applicant, companion, reader] = [
      await premiumMember(),
      await premiumMember(),
      await premiumMember(),
    ];
    const token = await sessionOf(applicant);
    const named = await roundTrips(() =>
      postWith(token, presale.id, naming(offering, companion.memberNumber!)),
    );
    expect(named.value.status).toBe(201);
    expect(named.queries).toBeLessThanOrEqual(4);
    // Told at once (お知らせ, and the mail queued from the same row), as noticeInvited tells.
    expect(await noticesOf(companion, 'presale-companion-invited')).toMatchObject([
      {
        mailStatus: 'pending',
        data: {
          title: 'LIVE 2027',
          inviter: applicant.nickname,
          tickets: 2,
          answerBy: presale.closesAt.toISOString(),
          path: `/ticket/${presale.itemId}`,
        },
      },
    ]);
    // One or three companions, card or konbini: the naming allowance and the application cost the same.
    for (const [count, paymentMethod] of [
      [3, 'card'],
      [1, 'card'],
      [3, 'konbini'],
    ] as const) {
      const companions: Member[] = [];
      for (let i = 0; i < count; i += 1) companions.push(await premiumMember());
      const payer = await premiumMember();
      const payerToken = await sessionOf(paymentMethod === 'card' ? await withCard(payer) : payer);
      const body = {
        action: 'apply',
        application: {
          choices: [offering],
          tickets: count + 1,
          companions: companions.map((m) => String(m.memberNumber)),
          paymentMethod,
        },
      };
      const applied = await roundTrips(() => postWith(payerToken, presale.id, body));
      expect(applied.value.status).toBe(201);
      expect(applied.queries, `${count} companions, ${paymentMethod}`).toBeLessThanOrEqual(4);
      for (const invitee of companions)
        expect(await noticesOf(invitee, 'presale-companion-invited')).toHaveLength(1);
    }

    const { presaleForViewer } = await import('./view');
    // Warm: the performances of an open presale are kept per process after the first read.
    await presaleForViewer(handle.db, mio.id, presale.itemId, reader);
    const panel = await roundTrips(() => presaleForViewer(handle.db, mio.id, presale.itemId, reader));
    expect(panel.value).toMatchObject({
      state: 'open',
      canApply: { ok: true },
      mine: null,
      invitation: null,
    });
    expect(panel.queries).toBe(1);
    const invited = await roundTrips(() => presaleForViewer(handle.db, mio.id, presale.itemId, companion));
    expect(invited.value?.invitation).toMatchObject({ status: 'invited', tickets: 2 });
    expect(invited.queries).toBe(1);
    const own = await roundTrips(() => presaleForViewer(handle.db, mio.id, presale.itemId, applicant));
    expect(own.value?.mine).toMatchObject({
      tickets: 2,
      companions: [{ memberNumber: companion.memberNumber }],
    });
    expect(own.queries).toBe(1);

    // The whole answer of GET /api/presales/item/{id}: the session, its member and the panel in one statement, the
    // same panel as the member's own read gives.
    const readerToken = await sessionOf(reader);
    const asked = (itemId: string, token: string | null) =>
      new Request(`http://localhost/api/presales/item/${itemId}`, {
        headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
      });
    const answer = await roundTrips(() =>
      presaleViewAnswer(asked(presale.itemId, readerToken), mio, presale.itemId),
    );
    expect(answer.value.status).toBe(200);
    expect(answer.queries).toBe(1);
    const view = await presaleForViewer(handle.db, mio.id, presale.itemId, reader);
    expect(await answer.value.json()).toEqual({ ...view, savedCard: null });
    // An item without a presale asks for the session alone; no session (or an unknown one) is refused.
    const other = crypto.randomUUID();
    const none = await roundTrips(() => presaleViewAnswer(asked(other, readerToken), mio, other));
    expect([none.value.status, await none.value.json(), none.queries]).toEqual([200, null, 2]);
    for (const token of [null, 'x'.repeat(readerToken.length)]) {
      const refused = await presaleViewAnswer(asked(presale.itemId, token), mio, presale.itemId);
      expect(refused.status).toBe(401);
    }
  });

  // Decision 0056: PostgreSQL keeps planning a prepared statement for each run while its generic plan looks dearer
  // than the custom ones; with one parameter per array value the application's statement is planned once.
  it.skipIf(!env.DATABASE_URL)(
    'plans the application statement once per connection after five runs',
    async () => {
      const { presale, offering } = await presaleOpenFrom(new Date(Date.now() - 3_600_000));
      const applicants: Member[] = [];
      for (let i = 0; i < 8; i += 1) applicants.push(await premiumMember());
      const plans = await handle.db.transaction(async (tx) => {
        // One transaction: every application on the same connection, whose prepared statements are then read (the one
        // most run is theirs: one text per number of companions and of choices).
        for (const member of applicants) {
          await applyToPresale(tx, mio.id, member, presale.id, {
            choices: [offering],
            tickets: 1,
            companions: [],
            paymentMethod: 'konbini',
          });
        }
        return executeRows<{ generic_plans: string; custom_plans: string }>(
          tx,
          sql`select generic_plans, custom_plans from pg_prepared_statements
            where statement like 'with presale as materialized%'
            order by generic_plans + custom_plans desc limit 1`,
        );
      });
      expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
    },
  );
});
