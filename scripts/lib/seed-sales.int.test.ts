import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { createSandboxProvider } from '@/server/payments/sandbox';
import type { Site } from '@/features/site';
import { lastMonths } from '@/features/billing';
import { salesReport } from '@/features/billing/server';
import { actorOf } from '@/features/staff/testing';
import { findMember, memberTenure } from '@/features/membership/server';
import { seedDemo } from './seed';
import { seedDemoMembers } from './seed-members';
import { readDemoUsers, type DemoUser } from './seed-auth';
import { KONBINI_MONTHS } from './seed-sales';

/**
 * The demo's payments as `npm start` seeds them (uids made up, no Auth emulator): the owner's 売上 shows several
 * months, konbini and card, and a second start adds nothing.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let sites: Site[];

beforeAll(async () => {
  handle = await createTestDb();
  sites = await seedDemo(handle.db);
  const demo = await readDemoUsers();
  const users: Record<string, DemoUser[]> = Object.fromEntries(
    Object.entries(demo).map(([slug, list]) => [
      slug,
      list.map((user) => ({ ...user, uid: `uid-${slug}-${user.role}` })),
    ]),
  );
  await seedDemoMembers(handle.db, sites, users);
  await seedDemoMembers(handle.db, sites, users);
});
afterAll(async () => handle?.drop());

describe('demo sales', () => {
  it('span several Japan-time months of the last year, konbini first and card after', async () => {
    const mio = sites.find((site) => site.slug === 'mio')!;
    const provider = createSandboxProvider(handle.db, async () => {});
    const now = new Date();
    const months = await salesReport(handle.db, provider, actorOf(mio.id, 'owner'), lastMonths(now));
    const withSales = months.filter((month) => month.count > 0);
    // Three konbini months, two card months of the expired member, and the premium and resale members' first.
    expect(withSales.length).toBeGreaterThanOrEqual(KONBINI_MONTHS + 1);
    const rows = months.flatMap((month) => month.rows);
    expect(rows.filter((row) => row.method === 'konbini').reduce((sum, row) => sum + row.count, 0)).toBe(
      KONBINI_MONTHS,
    );
    expect(rows.filter((row) => row.method === 'card').reduce((sum, row) => sum + row.count, 0)).toBe(4);
    // The konbini months come before the card ones.
    const first = (method: 'card' | 'konbini') =>
      months.findLast((month) => month.rows.some((row) => row.method === method))!.month;
    expect(first('konbini') < first('card')).toBe(true);
  });

  it('give the premium members several years of 会員歴 through a renewal within the grace, and a mark', async () => {
    const now = new Date();
    const seen: Record<string, [number, string | null]> = {};
    for (const site of sites) {
      const member = await findMember(handle.db, site.id, `uid-${site.slug}-premium`);
      const { tenure, mark } = await memberTenure(handle.db, member!.id, site.config.TENURE, now);
      seen[site.slug] = [tenure!.yearOfMembership, mark?.label ?? null];
    }
    expect(seen).toEqual({ mio: [4, 'ファミリー3年'], second: [6, '乗車5年'] });
  });
});
