import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { env } from '@/server/env';
import { connectPostgres, type DbHandle } from '@/server/db/client';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { members, noticePreferences, notices } from '@/server/db/schema';
import { createJobRunner, defineJob } from '@/server/jobs';
import { upsertSite, type Site } from '@/features/site/server';
import { addMember, addPlan } from '@/features/membership/testing';
import { deliverDue } from './deliver';
import type { Mailer, OutgoingMail } from './mailer';
import { enqueueBirthdayGreetings } from './birthdays';

/**
 * The birthday job (issue 43): exactly one greeting per member and year, whether it runs twice, on two runners at
 * once (two pools on PostgreSQL) or after a restart; only for premium members whose birthday is the site's day in
 * Japan time and who have not turned it off; its mail has the birthday topic's unsubscribe.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let other: DbHandle | null = null;
let site: Site;
// 00:30 in Japan on 15 June: still 14 June in UTC, so a day taken in UTC would miss everyone.
const NOW = new Date('2026-06-15T00:30:00+09:00');
const FAR = new Date('2030-01-01T00:00:00Z');
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDb();
  if (handle.kind === 'postgres') {
    const [row] = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    const url = new URL(env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    other = connectPostgres(url.toString(), { max: 4 });
  }
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  const plan = await addPlan(handle.db, site.id, 'monthly', '月額会員');
  const premium = { planId: plan.id, status: 'active' as const, periodEnd: FAR };
  const add = async (key: string, birthday: string | null, paying: boolean, number: number) => {
    const member = await addMember(handle.db, site.id, {
      nickname: key,
      number,
      email: `${key}@example.com`,
      subscription: paying ? premium : undefined,
    });
    await handle.db.update(members).set({ birthday }).where(eq(members.id, member.id));
    ids[key] = member.id;
  };
  await add('today', '1998-06-15', true, 1);
  await add('tomorrow', '1998-06-16', true, 2);
  await add('guest', '2000-06-15', false, 3);
  await add('declined', '1990-06-15', true, 4);
  await add('nomail', '1985-06-15', true, 5);
  await add('leap', '2000-02-29', true, 6);
  await add('unknown', null, true, 7);
  await handle.db.insert(noticePreferences).values([
    { memberId: ids.declined!, birthdayGreeting: false },
    { memberId: ids.nomail!, birthday: false },
  ]);
});

afterAll(async () => {
  await other?.close();
  await handle?.drop();
});

const greetings = async () =>
  handle.db
    .select({ memberId: notices.memberId, key: notices.deliveryKey, data: notices.data })
    .from(notices)
    .where(and(eq(notices.siteId, site.id), eq(notices.kind, 'birthday')));

describe('birthday greetings', () => {
  it('greets each premium member on their day in Japan once, however often the job runs', async () => {
    expect(await enqueueBirthdayGreetings(handle.db, { now: NOW, sandboxClock: false })).toBe(2);
    expect(await enqueueBirthdayGreetings(handle.db, { now: NOW, sandboxClock: false })).toBe(0);
    const rows = await greetings();
    expect(rows.map((row) => row.memberId).sort()).toEqual([ids.today, ids.nomail].sort());
    const today = rows.find((row) => row.memberId === ids.today)!;
    expect(today.key).toBe(`birthday:${ids.today}:2026`);
    // The site's message with the nickname; no birth date or age in what is stored and shown.
    expect(today.data).toEqual({
      subject: 'お誕生日おめでとう！ミオより',
      message: expect.stringContaining('todayさん、お誕生日おめでとう！'),
    });
    expect(JSON.stringify(today.data)).not.toMatch(/1998|28歳/);
  });

  it('writes one greeting with two job runners at once, and none again after a restart', async () => {
    const later = new Date('2026-06-16T12:00:00+09:00');
    let runs = 0;
    const job = defineJob({
      name: 'test-birthdays',
      label: '誕生日',
      everyMs: 30,
      timeoutMs: 5_000,
      async run({ db }) {
        runs++;
        await enqueueBirthdayGreetings(db, { now: later, sandboxClock: false });
      },
    });
    // Two instances racing on the same day, each also calling the job body directly at the same moment.
    const first = createJobRunner({ db: handle.db, jobs: [job], firstDelayMs: 0, instance: 'one' });
    const second = createJobRunner({
      db: other?.db ?? handle.db,
      jobs: [job],
      firstDelayMs: 0,
      instance: 'two',
    });
    first.start();
    second.start();
    const direct = await Promise.all([
      enqueueBirthdayGreetings(handle.db, { now: later, sandboxClock: false }),
      enqueueBirthdayGreetings(other?.db ?? handle.db, { now: later, sandboxClock: false }),
    ]);
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await Promise.all([first.stop(), second.stop()]);
    // Whoever came first wrote it; nobody wrote it twice.
    expect(direct.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    // A restart: a new runner, the same day.
    const again = createJobRunner({ db: handle.db, jobs: [job], firstDelayMs: 0, instance: 'three' });
    const before = runs;
    again.start();
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThan(before);
    await again.stop();
    const tomorrow = (await greetings()).filter((row) => row.memberId === ids.tomorrow);
    expect(tomorrow).toHaveLength(1);
    expect((await greetings()).length).toBe(3);
  });

  it('greets again the next year, and a 29 February birthday on 28 February of other years', async () => {
    expect(
      await enqueueBirthdayGreetings(handle.db, {
        now: new Date('2027-06-15T09:00:00+09:00'),
        sandboxClock: false,
      }),
    ).toBe(2);
    expect(
      await enqueueBirthdayGreetings(handle.db, {
        now: new Date('2027-02-28T09:00:00+09:00'),
        sandboxClock: false,
      }),
    ).toBe(1);
    expect(
      await enqueueBirthdayGreetings(handle.db, {
        now: new Date('2028-02-28T09:00:00+09:00'),
        sandboxClock: false,
      }),
    ).toBe(0);
    expect(
      await enqueueBirthdayGreetings(handle.db, {
        now: new Date('2028-02-29T09:00:00+09:00'),
        sandboxClock: false,
      }),
    ).toBe(1);
  });

  it("moves the day with the site's sandbox clock", async () => {
    const dayBefore = new Date('2029-06-14T12:00:00+09:00');
    expect(await enqueueBirthdayGreetings(handle.db, { now: dayBefore, sandboxClock: true })).toBe(0);
    await handle.db.execute(
      sql`insert into sandbox_clocks (site_id, offset_ms) values (${site.id}, ${24 * 3600_000})`,
    );
    expect(await enqueueBirthdayGreetings(handle.db, { now: dayBefore, sandboxClock: false })).toBe(0);
    expect(await enqueueBirthdayGreetings(handle.db, { now: dayBefore, sandboxClock: true })).toBe(2);
  });

  it('mails the greeting with its unsubscribe, except to a member who turned the mail off', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (mail) => void sent.push(mail), close: () => {} };
    while ((await deliverDue(handle.db, { mailer })).claimed > 0);
    const mails = sent.filter((mail) => mail.subject.endsWith('】お誕生日おめでとう！ミオより'));
    expect(mails.map((mail) => mail.to).sort()).toContain('today@example.com');
    expect(mails.map((mail) => mail.to)).not.toContain('nomail@example.com');
    const mail = mails.find((each) => each.to === 'today@example.com')!;
    expect(JSON.stringify(mail.headers ?? {})).toContain('List-Unsubscribe');
    const [skipped] = await handle.db
      .select({ status: notices.mailStatus })
      .from(notices)
      .where(and(eq(notices.memberId, ids.nomail!), eq(notices.kind, 'birthday')));
    expect(skipped!.status).toBe('skipped');
  });
});
