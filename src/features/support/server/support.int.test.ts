import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { memberPost } from '@/test/member-request';
import {
  complimentaryGrants,
  notices,
  oneOffPayments,
  plans,
  staffMembers,
  supportMessages,
  supportThreads,
} from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import { createSession } from '@/features/auth/server';
import { actorOf } from '@/features/staff/testing';
import { paths } from '@/lib/paths';
import { deleteExpiredThreads } from './retention';
import { memberThread, memberThreads, replyAsStaff, staffThread, staffThreads } from './threads';

/**
 * Help that knows you (decision 0053): a fan's question carries the member number, plan, page and the payment it is
 * about, read on the server; it reaches owners and support (console and mail), never an editor; the answer reaches
 * the fan (お知らせ) and the thread is theirs alone. Bad input and a site without the form get Japanese 4xx; the
 * per-account limit counts at its real number here.
 */
vi.mock('@/server/env', async (importOriginal) => {
  const actual = await importOriginal<{ env: Record<string, unknown> }>();
  return { ...actual, env: { ...actual.env, RATE_LIMIT_SCALE: 1 } };
});
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let current: Site;
const planIds = new Map<string, string>();
vi.mock('@/server/db', () => ({ getDb: async () => handle.db }));
vi.mock('@/features/site/server/site', () => ({ getSite: async () => current }));
const { postContact, postMemberReply } = await import('./api');

let counter = 0;
async function premiumMember(site: Site): Promise<Member> {
  counter += 1;
  const member = await ensureMember(handle.db, site.id, `s-${counter}`);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: site.id,
    memberId: member.id,
    endsAt: new Date('2099-01-01T00:00:00Z'),
    grantedBy: 'test',
  });
  return (await ensureMember(handle.db, site.id, `s-${counter}`))!;
}

/** A konbini membership payment of the member: its id is what My page's history names it by. */
async function paymentOf(member: Member): Promise<string> {
  const [row] = await handle.db
    .insert(oneOffPayments)
    .values({
      siteId: member.siteId,
      memberId: member.id,
      purpose: 'membership',
      planId: planIds.get(member.siteId)!,
      provider: 'sandbox',
      amountYen: 5500,
      status: 'paid',
      paidAt: new Date('2026-11-01T00:00:00Z'),
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2027-11-01T00:00:00Z'),
    })
    .returning({ id: oneOffPayments.id });
  return row!.id;
}

async function send(
  site: Site,
  member: Member,
  url: string,
  body: unknown,
  params: Record<string, string> = {},
) {
  current = site;
  const { token } = await createSession(handle.db, {
    siteId: site.id,
    uid: member.uid,
    email: null,
    authTime: new Date(),
  });
  const request = memberPost(`http://localhost${url}`, token, body);
  const context = { params: Promise.resolve({ host: 'localhost', ...params }) };
  if (params.id)
    return postMemberReply(request, context as { params: Promise<{ host: string; id: string }> });
  return postContact(request, context);
}

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  for (const site of [mio, second]) {
    const [plan] = await handle.db
      .insert(plans)
      .values({ siteId: site.id, code: 'year', name: '年額プラン', interval: 'year', priceYen: 5500 })
      .returning({ id: plans.id });
    planIds.set(site.id, plan!.id);
  }
  await handle.db.insert(staffMembers).values(
    (['owner', 'support', 'editor', 'door'] as const).map((role) => ({
      siteId: mio.id,
      uid: `staff-${role}`,
      email: `${role}@mio.example.jp`,
      displayName: role,
      role,
    })),
  );
});
afterAll(async () => handle?.drop());

describe('the in-club contact form (decision 0053)', () => {
  it('sends a question about a payment with its context, to owners and support, and the fan reads the answer', async () => {
    const fan = await premiumMember(mio);
    const payment = await paymentOf(fan);
    // What the URL carries: the payment's opaque id and a path, nothing of the person.
    const url = paths.contact({ payment, from: paths.myPage() });
    expect(url).toBe(`/mypage/contact?payment=${payment}&from=%2Fmypage`);

    const sent = await send(mio, fan, '/api/mypage/contact', {
      body: '領収書の宛名を変えたいです。',
      payment,
      from: '/mypage?tab=x#top',
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };

    const [stored] = await handle.db.select().from(supportThreads).where(eq(supportThreads.id, id));
    expect(stored).toMatchObject({
      subject: 'payment',
      paymentRef: payment,
      memberNumber: fan.memberNumber,
      fromPath: '/mypage',
      status: 'open',
    });
    expect(stored!.paymentLabel).toContain('5,500');

    // Mail to owner and support only, through the outbox; it names the member number, not the message.
    const staffMail = await handle.db
      .select()
      .from(notices)
      .where(and(eq(notices.siteId, mio.id), eq(notices.kind, 'support-request'), isNull(notices.memberId)));
    expect(staffMail.map((n) => n.toAddress).sort()).toEqual([
      'owner@mio.example.jp',
      'support@mio.example.jp',
    ]);
    expect(JSON.stringify(staffMail)).not.toContain('宛名');

    // The console: support sees it with the payment; an editor is refused.
    const support = actorOf(mio.id, 'support');
    const list = await staffThreads(handle.db, support);
    expect(list.find((t) => t.id === id)).toMatchObject({ memberId: fan.id, paymentRef: payment });
    await expect(staffThreads(handle.db, actorOf(mio.id, 'editor'))).rejects.toMatchObject({ status: 403 });
    await expect(staffThread(handle.db, actorOf(mio.id, 'editor'), id)).rejects.toMatchObject({
      status: 403,
    });
    await expect(staffThread(handle.db, actorOf(second.id, 'support'), id)).rejects.toMatchObject({
      status: 404,
    });

    await replyAsStaff(handle.db, support, id, '宛名の変更を承りました。');
    const told = await handle.db
      .select()
      .from(notices)
      .where(and(eq(notices.memberId, fan.id), eq(notices.kind, 'support-answered')));
    expect(told).toHaveLength(1);
    const thread = await memberThread(handle.db, fan, id);
    expect(thread.status).toBe('answered');
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['member', '領収書の宛名を変えたいです。'],
      ['staff', '宛名の変更を承りました。'],
    ]);

    // The fan answers: the thread waits for the club again; another member cannot read or answer it.
    expect(
      (await send(mio, fan, `/api/mypage/contact/${id}`, { body: 'ありがとうございます。' }, { id })).status,
    ).toBe(200);
    expect((await memberThread(handle.db, fan, id)).status).toBe('open');
    const stranger = await premiumMember(mio);
    await expect(memberThread(handle.db, stranger, id)).rejects.toMatchObject({ status: 404 });
    expect((await send(mio, stranger, `/api/mypage/contact/${id}`, { body: '横から' }, { id })).status).toBe(
      404,
    );
    expect(await memberThreads(handle.db, stranger)).toEqual([]);

    // Kept two years after the last message, then deleted with its messages.
    const day = 86_400_000;
    expect(await deleteExpiredThreads(handle.db, new Date(Date.now() + 729 * day))).toBe(0);
    expect(await deleteExpiredThreads(handle.db, new Date(Date.now() + 731 * day))).toBeGreaterThan(0);
    expect(await handle.db.select().from(supportMessages).where(eq(supportMessages.threadId, id))).toEqual(
      [],
    );
  });

  it('refuses bad input, another member payment, a site without the form, and a flood, in Japanese', async () => {
    const fan = await premiumMember(mio);
    const empty = await send(mio, fan, '/api/mypage/contact', { body: '   ' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('お問い合わせ内容を入力してください');
    const long = await send(mio, fan, '/api/mypage/contact', { body: 'あ'.repeat(2001) });
    expect(long.status).toBe(422);
    const othersPayment = await paymentOf(await premiumMember(mio));
    const stolen = await send(mio, fan, '/api/mypage/contact', { body: 'これは？', payment: othersPayment });
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).toContain('お支払いが見つかりませんでした');

    const passenger = await premiumMember(second);
    const off = await send(second, passenger, '/api/mypage/contact', { body: '質問です' });
    expect(off.status).toBe(404);
    expect(await off.text()).toContain('お問い合わせフォームを受け付けていません');

    const flooder = await premiumMember(mio);
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push((await send(mio, flooder, '/api/mypage/contact', { body: `質問${i}` })).status);
    }
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
