import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countQueries } from '@/server/db/query-count';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { memberPost } from '@/test/member-request';
import { toJstLocalInput } from '@/lib/dates';
import {
  complimentaryGrants,
  contentItems,
  oneOffPayments,
  presaleApplications,
  presaleOfferings,
  presales,
} from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { createSession } from '@/features/auth/server';
import { can, type StaffRole } from '@/features/staff';
import { actorOf } from '@/features/staff/testing';
import { presaleSetupSchema } from '@/features/presale';
import {
  applyToPresale,
  closeAndDrawDue,
  paidList,
  paidListCsv,
  savePresale,
} from '@/features/presale/server';
import { ticketSettingsSchema } from '@/features/tickets/schemas';
import { doorRoster } from './door';
import { issuePresaleTickets } from './issue';
import { saveTicketSettings } from './settings';
import type { AnsweredRoute } from '@/server/http/direct-routes';

/**
 * Seats for everyone (decision 0053): an accessibility request rides in the application's one statement, is refused
 * where the presale does not offer it, stays out of the draw's public record, and is seen on the paid list, its CSV
 * and the door's roster only by staff with `members:contact` (owner, support), never by an editor or door staff.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
const { presaleDirectRoutes } = await import('@/features/presale/server');
/** The front server's own route for POST /api/presales/{id}/application (decision 0034), on the demo's host. */
const applicationRoute = presaleDirectRoutes.find(
  (route): route is AnsweredRoute => route.method === 'POST' && route.answer !== undefined,
)!;

const NOTE = '電動車椅子です。介助者1名が同行します。';
const OTHER_NOTE = '盲導犬と一緒に入場します。';
const day = 86_400_000;

let counter = 0;
async function premiumMember(): Promise<Member> {
  counter += 1;
  const member = await ensureMember(handle.db, mio.id, `a-${counter}`);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: mio.id,
    memberId: member.id,
    endsAt: new Date('2099-01-01T00:00:00Z'),
    grantedBy: 'test',
  });
  return (await ensureMember(handle.db, mio.id, `a-${counter}`))!;
}

async function presaleOpen(accessibilityRequests: boolean) {
  const opens = new Date(Date.now() - 3_600_000);
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'LIVE 2027', state: 'published' })
    .returning();
  const jst = (date: Date) => toJstLocalInput(date);
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: jst(new Date(opens.getTime() + 30 * day)),
        doorsAt: null,
        venue: 'Zepp Haneda',
        offerings: [{ seatType: '指定席', capacity: 10, priceYen: 8800 }],
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 1,
    opensAt: jst(opens),
    closesAt: jst(new Date(opens.getTime() + 7 * day)),
    resultsAt: jst(new Date(opens.getTime() + 8 * day)),
    joinedBefore: jst(new Date(opens.getTime() - day)),
    companionRule: 'none',
    konbiniDeadlineDays: 3,
    accessibilityRequests,
  });
  const editor = actorOf(mio.id, 'editor');
  const presale = await savePresale(handle.db, editor, item!.id, setup, new Date(opens.getTime() - day));
  const [offering] = await handle.db
    .select({ id: presaleOfferings.id, performanceId: presaleOfferings.performanceId })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id));
  return { presale, itemId: item!.id, offering: offering!.id, performanceId: offering!.performanceId };
}

async function post(member: Member, presaleId: string, body: unknown) {
  const { token } = await createSession(handle.db, {
    siteId: mio.id,
    uid: member.uid,
    email: null,
    authTime: new Date(),
  });
  const request = memberPost(`http://localhost/api/presales/${presaleId}/application`, token, body);
  const count = { queries: 0 };
  // The site is cached per process, as at the opening: looked up once before counting.
  await applicationRoute
    .answer(new Request('http://localhost/'), 'localhost', { id: presaleId })
    .catch(() => null);
  const response = await countQueries(count, () =>
    applicationRoute.answer(request, 'localhost', { id: presaleId }),
  );
  return { response, queries: count.queries };
}

const apply = (offering: string, access?: { need: string; note: string }) => ({
  action: 'apply',
  application: { choices: [offering], tickets: 2, companions: [], paymentMethod: 'konbini', access },
});

const sees = (role: StaffRole) => can(role, 'members:contact');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

describe('accessibility requests (decision 0053)', () => {
  it('are refused where the presale does not offer them, with a Japanese 4xx', async () => {
    const { presale, offering } = await presaleOpen(false);
    const { response } = await post(
      await premiumMember(),
      presale.id,
      apply(offering, { need: 'wheelchair', note: '' }),
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('車椅子席などのご要望は受け付けていません');
    const other = await presaleOpen(true);
    const empty = await post(
      await premiumMember(),
      other.presale.id,
      apply(other.offering, { need: 'other', note: '' }),
    );
    expect(empty.response.status).toBe(422);
    expect(await empty.response.text()).toContain('ご要望の内容を入力してください');
  });

  it('ride in the one statement, stay out of the draw record, and show only to staff with members:contact', async () => {
    const { presale, itemId, offering, performanceId } = await presaleOpen(true);
    const [wheel, other, plain] = [await premiumMember(), await premiumMember(), await premiumMember()];
    const asked = await post(wheel, presale.id, apply(offering, { need: 'wheelchair', note: NOTE }));
    expect(asked.response.status).toBe(201);
    expect(asked.queries).toBeLessThanOrEqual(5);
    await applyToPresale(handle.db, mio.id, other, presale.id, {
      choices: [offering],
      tickets: 1,
      companions: [],
      paymentMethod: 'konbini',
      access: { need: 'other', note: OTHER_NOTE },
    });
    expect((await post(plain, presale.id, apply(offering))).response.status).toBe(201);

    // The draw treats every entry alike; its public record names none of the requests.
    await closeAndDrawDue(handle.db, new Date(presale.closesAt.getTime() + 1000));
    const [drawn] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
    expect(drawn!.recordFile).toBeTruthy();
    for (const secret of [NOTE, OTHER_NOTE, 'wheelchair', '車椅子'])
      expect(drawn!.recordFile).not.toContain(secret);

    // Every win paid (capacity 10 holds them all).
    const wins = await handle.db
      .select()
      .from(presaleApplications)
      .where(eq(presaleApplications.presaleId, presale.id));
    expect(wins.map((w) => w.status)).toEqual(['won', 'won', 'won']);
    const paidAt = new Date(presale.resultsAt.getTime() + 3_600_000);
    for (const win of wins) {
      await handle.db
        .update(presaleApplications)
        .set({ status: 'paid', paidAt })
        .where(eq(presaleApplications.id, win.id));
      await handle.db.insert(oneOffPayments).values({
        siteId: mio.id,
        memberId: win.memberId,
        purpose: 'presale',
        presaleApplicationId: win.id,
        provider: 'sandbox',
        amountYen: 8800 * win.tickets,
        status: 'paid',
        paidAt,
      });
    }

    const owner = await paidList(handle.db, actorOf(mio.id, 'owner'), itemId);
    const byNumber = (n: number | null) => owner.rows.find((r) => r.memberNumber.endsWith(String(n)))!;
    expect(byNumber(wheel.memberNumber).access).toBe(`車椅子スペース（同伴者席あり）：${NOTE}`);
    expect(byNumber(other.memberNumber).access).toBe(`その他の配慮：${OTHER_NOTE}`);
    expect(byNumber(plain.memberNumber).access).toBeNull();
    const ownerCsv = await paidListCsv(handle.db, actorOf(mio.id, 'owner'), itemId);
    expect(ownerCsv).toContain('車椅子席などのご要望');
    expect(ownerCsv).toContain(NOTE);

    // An editor reads the paid list but never a request: not in the rows, not in the CSV.
    const editor = actorOf(mio.id, 'editor');
    const editorList = await paidList(handle.db, editor, itemId);
    expect(editorList.rows).toHaveLength(3);
    expect(editorList.rows.every((r) => !('access' in r))).toBe(true);
    expect(JSON.stringify(editorList)).not.toContain(NOTE);
    const editorCsv = await paidListCsv(handle.db, editor, itemId);
    expect(editorCsv).not.toContain(NOTE);
    expect(editorCsv).not.toContain('ご要望');

    // At the door: support (members:contact) sees the request beside the holder; door staff do not.
    await saveTicketSettings(
      handle.db,
      editor,
      itemId,
      ticketSettingsSchema.parse({
        issueAt: toJstLocalInput(new Date(presale.resultsAt.getTime() + 2 * day)),
        seatsRevealAt: toJstLocalInput(new Date(presale.resultsAt.getTime() + 3 * day)),
      }),
      new Date(presale.resultsAt.getTime() + day),
    );
    expect(
      await issuePresaleTickets(handle.db, presale.id, new Date(presale.resultsAt.getTime() + 2 * day)),
    ).toBe(5);
    expect(sees('support')).toBe(true);
    const support = await doorRoster(handle.db, mio.id, performanceId, new Date(), sees('support'));
    const wheelTickets = support.tickets.filter((t) => t.memberNumber === wheel.memberNumber);
    expect(wheelTickets).toHaveLength(2);
    expect(wheelTickets.every((t) => t.access?.includes(NOTE))).toBe(true);
    expect(sees('door')).toBe(false);
    expect(sees('editor')).toBe(false);
    const door = await doorRoster(handle.db, mio.id, performanceId, new Date(), sees('door'));
    expect(JSON.stringify(door)).not.toContain(NOTE);
    expect(door.tickets.every((t) => !('access' in t))).toBe(true);
  });
});
