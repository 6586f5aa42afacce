import { mkdtemp, rm } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import {
  drawRounds,
  contentItems,
  members,
  oneOffPayments,
  paymentDisputes,
  presaleApplications,
  presaleParticipants,
  presales,
  tickets,
} from '@/server/db/schema';
import type { Site } from '@/features/site';
import { transparencyReport, verifyDrawRecord, type DrawRecord } from '@/features/presale';
import { findItem } from '@/features/content/server';
import { DrawReport } from '@/features/presale/ui';
import { doorPerformances } from '@/features/tickets/server';
import { seedDemo } from './seed';
import { seedDemoContent } from './seed-content';
import { seedDemoMembers } from './seed-members';
import { seedDemoPresales } from './seed-presales';
import { seedDemoStaff } from './seed-staff';
import { readDemoUsers, type DemoUser } from './seed-auth';

/**
 * The demo's presales as `npm start` seeds them (issue 37 item 5), on a fresh database with the demo accounts' uids
 * made up (no Auth emulator needed): each site's drawn presale is a real draw among thousands, whose published record
 * verifies, and each TICKET item with a presale shows the presale's window and one way to apply.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let sites: Site[];
let users: Record<string, DemoUser[]>;
let dataDir: string;
const drawn = new Map<string, { id: string; itemId: string; record: DrawRecord }>();

beforeAll(async () => {
  handle = await createTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'seed-presales-'));
  sites = await seedDemo(handle.db);
  await seedDemoContent(handle.db, sites, { canaries: false, dataDir, media: false });
  const demo = await readDemoUsers();
  users = Object.fromEntries(
    Object.entries(demo).map(([slug, list]) => [
      slug,
      list.map((user) => ({ ...user, uid: `uid-${slug}-${user.role}` })),
    ]),
  );
  await seedDemoStaff(handle.db, sites, users);
  await seedDemoMembers(handle.db, sites, users);
  await seedDemoPresales(handle.db, sites, users);
  // Idempotent: the second start of the demo adds nothing (counted below).
  await seedDemoPresales(handle.db, sites, users);
  for (const site of sites) {
    const [row] = await handle.db
      .select({ id: presales.id, itemId: presales.itemId, recordFile: presales.recordFile })
      .from(presales)
      .where(
        and(
          eq(presales.siteId, site.id),
          lte(presales.resultsAt, new Date()),
          isNotNull(presales.recordFile),
        ),
      );
    drawn.set(site.slug, {
      id: row!.id,
      itemId: row!.itemId,
      record: JSON.parse(row!.recordFile!) as DrawRecord,
    });
  }
}, 180_000);
afterAll(async () => {
  await handle?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const premiumOf = async (site: Site) => {
  const uid = users[site.slug]!.find((user) => user.role === 'premium')!.uid;
  const [member] = await handle.db
    .select()
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.uid, uid)));
  return member!;
};

describe('each demo site’s drawn presale', () => {
  it('has thousands of entries once, and its published record verifies', async () => {
    for (const site of sites) {
      const { id, record } = drawn.get(site.slug)!;
      expect(record.entries.length, site.slug).toBeGreaterThanOrEqual(3000);
      const [count] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(presaleApplications)
        .where(eq(presaleApplications.presaleId, id));
      expect(count!.n, `${site.slug}: seeded twice, written once`).toBe(record.entries.length);
      const verified = await verifyDrawRecord(record);
      expect(verified.problems, site.slug).toEqual([]);
      expect(verified.ok).toBe(true);
    }
  });

  it('wins over several offerings and ranks, loses most, and voids the lapsed members with the reason', () => {
    for (const site of sites) {
      const report = transparencyReport(drawn.get(site.slug)!.record);
      expect(report.offerings.length, site.slug).toBe(6);
      expect(report.offerings.filter((offering) => offering.wonTickets > 0).length).toBeGreaterThanOrEqual(5);
      // Demand far above the seats, except the one offering with room for all who list it.
      expect(report.offerings.filter((o) => o.firstChoiceTickets > 2 * o.capacity).length).toBe(5);
      expect(report.ranks.map((rank) => rank.won > 0)).toEqual([true, true, true]);
      const won = report.ranks.reduce((sum, rank) => sum + rank.won, 0);
      expect(won).toBeLessThan(report.entries / 10);
      expect(report.voided).toEqual([
        { reason: '抽選時点でプレミアム会員ではありません', count: expect.any(Number) },
      ]);
      expect(report.voided[0]!.count).toBeGreaterThan(20);
      // Companions: applications for two, and some drawn for one because their companion never answered.
      expect(report.ticketsRequested).toBeGreaterThan(report.entries * 1.2);
    }
  });

  it('has a transparency report that renders its numbers (the verification page’s)', () => {
    for (const site of sites) {
      const { record } = drawn.get(site.slug)!;
      const report = transparencyReport(record);
      const html = renderToStaticMarkup(createElement(DrawReport, { record }));
      expect(html).toContain(`応募 ${report.entries}件・${report.ticketsRequested}枚`);
      expect(html.match(/<tr data-offering=/g)?.length).toBe(6);
      for (const rank of report.ranks)
        expect(html).toContain(`<td>第${rank.rank}希望</td><td>${rank.tried}件</td>`);
      expect(html).toContain(`無効 ${report.voided[0]!.count}件：抽選時点でプレミアム会員ではありません`);
    }
  });

  it('holds the demo premium member’s own entry, won at 第1希望, paid, with its e-tickets', async () => {
    for (const site of sites) {
      const { id, record } = drawn.get(site.slug)!;
      const member = await premiumOf(site);
      const [mine] = await handle.db
        .select()
        .from(presaleApplications)
        .where(and(eq(presaleApplications.presaleId, id), eq(presaleApplications.memberId, member.id)));
      expect(record.entries.some((entry) => entry.id === mine!.receiptNo)).toBe(true);
      expect(record.results.find((result) => result.entry === mine!.receiptNo)).toMatchObject({
        outcome: 'won',
        rank: 1,
      });
      expect(mine).toMatchObject({ status: 'paid', tickets: 2, wonRank: 1 });
      const held = await handle.db.select().from(tickets).where(eq(tickets.applicationId, mine!.id));
      expect(held.length, site.slug).toBe(2);
      // For the soonest show with e-tickets: the one the door page opens on (e2e/tickets.spec.ts scans them there).
      expect(held[0]!.performanceId).toBe((await doorPerformances(handle.db, site.id))[0]!.id);
      const [companion] = await handle.db
        .select({ status: presaleParticipants.companionStatus, nickname: members.nickname })
        .from(presaleParticipants)
        .innerJoin(members, eq(members.id, presaleParticipants.memberId))
        .where(
          and(eq(presaleParticipants.applicationId, mine!.id), eq(presaleParticipants.role, 'companion')),
        );
      expect(companion).toMatchObject({
        status: 'accepted',
        nickname: expect.stringMatching(/^デモ会員\d{4}$/),
      });
    }
  });
});

describe('each demo TICKET item with a presale', () => {
  it('shows the presale’s window, agrees with its own data, and has no shared code', async () => {
    for (const site of sites) {
      const items = await handle.db
        .select({ id: contentItems.id, ticket: contentItems.ticket, presale: contentItems.presale })
        .from(contentItems)
        .where(and(eq(contentItems.siteId, site.id), eq(contentItems.section, 'ticket')))
        .orderBy(asc(contentItems.publishedAt));
      const windows = await handle.db
        .select()
        .from(presales)
        .where(
          inArray(
            presales.itemId,
            items.map((item) => item.id),
          ),
        );
      expect(windows.length, site.slug).toBe(4);
      expect(items.length, `${site.slug}: one TICKET item without a presale`).toBe(5);
      for (const item of items) {
        const presale = windows.find((row) => row.itemId === item.id);
        const shown = await findItem(
          handle.db,
          { site, viewer: 'premium', now: new Date() },
          'ticket',
          item.id,
        );
        if (!shown || shown.locked) throw new Error(`${site.slug}: ${item.id} not shown`);
        if (!presale) {
          expect(shown.presale?.code, `${site.slug}: the item without a presale keeps its code`).toBeTruthy();
          continue;
        }
        expect(shown.ticket).toMatchObject({
          applyFrom: presale.opensAt.toISOString(),
          applyUntil: presale.closesAt.toISOString(),
        });
        expect(shown.presale).toBeNull();
        // The demo data itself agrees (to the hour the presale seed rounds to), and holds no code to hide.
        for (const [field, at] of [
          ['applyFrom', presale.opensAt],
          ['applyUntil', presale.closesAt],
        ] as const) {
          expect(Math.abs(new Date(item.ticket![field]).getTime() - at.getTime())).toBeLessThan(3_600_000);
        }
        expect(item.presale?.code ?? null).toBeNull();
      }
    }
  });
});

describe('the demo’s payments that need someone (docs/decisions/0047)', () => {
  it('holds mio’s fan whose win waits for 3-D Secure, and one disputed card month of the expired member', async () => {
    const mio = sites.find((site) => site.slug === 'mio')!;
    const [fan] = await handle.db
      .select()
      .from(members)
      .where(
        and(
          eq(members.siteId, mio.id),
          eq(members.uid, users.mio!.find((user) => user.role === 'authenticating')!.uid),
        ),
      );
    const [application] = await handle.db
      .select()
      .from(presaleApplications)
      .where(
        and(
          eq(presaleApplications.memberId, fan!.id),
          eq(presaleApplications.presaleId, drawn.get('mio')!.id),
        ),
      );
    expect(application).toMatchObject({ status: 'won', paymentDueAt: expect.any(Date) });
    const payments = await handle.db
      .select()
      .from(oneOffPayments)
      .where(eq(oneOffPayments.presaleApplicationId, application!.id));
    expect(payments).toMatchObject([{ status: 'pending', method: 'card' }]);
    // Seeded twice, disputed once.
    const disputes = await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.siteId, mio.id));
    expect(disputes).toMatchObject([{ purpose: 'membership', status: 'open', memberId: expect.any(String) }]);
  });
});

describe('the demo’s 復活当選 (issue 41)', () => {
  it('drew one round among hundreds on mio, linked to the first record, and left the lost demo account to opt in', async () => {
    const mio = sites.find((site) => site.slug === 'mio')!;
    const { id, record } = drawn.get('mio')!;
    const rounds = await handle.db.select().from(drawRounds).where(eq(drawRounds.presaleId, id));
    expect(rounds, 'seeded twice, drawn once').toHaveLength(1);
    const round = rounds[0]!;
    expect(round).toMatchObject({ kind: 'second-chance', number: 2 });
    expect(round.entries.length).toBeGreaterThan(100);
    const second = JSON.parse(round.recordFile!) as DrawRecord;
    expect(second.round?.first).toBe(round.firstRecordHash);
    expect(await verifyDrawRecord(second)).toMatchObject({ ok: true });
    const winners = second.results.filter((result) => result.outcome === 'won').length;
    expect(winners).toBeGreaterThan(5);
    // The lost demo account holds a lost entry of the first record, and is not in line: that step is theirs.
    const uid = users.mio!.find((user) => user.role === 'lost')!.uid;
    const [fan] = await handle.db
      .select({
        status: presaleApplications.status,
        receiptNo: presaleApplications.receiptNo,
        inLine: presaleApplications.secondChanceAt,
      })
      .from(presaleApplications)
      .innerJoin(members, eq(members.id, presaleApplications.memberId))
      .where(and(eq(presaleApplications.presaleId, id), eq(members.uid, uid), eq(members.siteId, mio.id)));
    expect(fan).toMatchObject({ status: 'lost', inLine: null });
    expect(record.results.find((result) => result.entry === fan!.receiptNo)?.outcome).toBe('lost');
    expect(second.entries.some((entry) => entry.id === fan!.receiptNo)).toBe(false);
  });
});
