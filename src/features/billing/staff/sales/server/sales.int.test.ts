import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, members, plans } from '@/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '@/server/payments/sandbox';
import { jstMonth } from '@/lib/dates';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { findMember } from '@/features/membership/server';
import { addMember } from '@/features/membership/testing';
import { actorOf } from '@/features/staff/testing';
import { listPaymentHistory } from '@/features/billing/server/history';
import { totalOf, type SalesMonth } from '@/features/billing/staff/sales/model';
import { monthsOf, type MonthRange } from '@/features/billing/staff/sales/months';
import { salesReport } from '@/features/billing/staff/sales/server/sales';
import { exportSalesCsv } from '@/features/billing/staff/sales/server/export';
import {
  addCardCharges,
  addOneOff,
  addPresaleApplication,
} from '@/features/billing/staff/sales/server/test-fixtures';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let provider: SandboxProvider;
const RANGE: MonthRange = { from: '2026-09', to: '2026-11' };

/**
 * Two months of payments of every kind, with their Japan-time edges: 2026-09-30T15:30Z is 1 October 00:30 in Japan,
 * 2026-10-31T14:59Z is 31 October 23:59, 2026-10-31T15:30Z is 1 November 00:30 (card and konbini alike). Outside
 * the range (August) and on another site: nothing may count.
 */
beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  site = (await upsertSite(db, demoSiteFile('mio'))).site;
  const second = (await upsertSite(db, demoSiteFile('second'))).site;
  provider = createSandboxProvider(db, async () => {});
  // The yearly plan names the 5,500-yen charge of a year's period, as the member's history names it.
  const [monthly] = await db
    .insert(plans)
    .values([
      { siteId: site.id, code: 'monthly', name: '月額会員', interval: 'month', priceYen: 550 },
      { siteId: site.id, code: 'yearly', name: '年額会員', interval: 'year', priceYen: 5500 },
    ])
    .returning();
  const card = await addMember(db, site.id, { nickname: 'カード月額', number: 1 });
  await addCardCharges(db, site.id, card.id, [
    { at: '2026-08-31T15:30:00Z', amountYen: 550, status: 'paid' }, // 1 September in Japan
    { at: '2026-09-30T15:30:00Z', amountYen: 550, status: 'paid' }, // 1 October in Japan
    { at: '2026-10-31T15:30:00Z', amountYen: 550, status: 'paid' }, // 1 November in Japan
    { at: '2026-11-15T03:00:00Z', amountYen: 550, status: 'failed' }, // took nothing
  ]);
  const yearlyCard = await addMember(db, site.id, { nickname: 'カード年額', number: 2 });
  await addCardCharges(db, site.id, yearlyCard.id, [
    { at: '2026-10-10T03:00:00Z', amountYen: 5500, status: 'refunded', days: 365 },
  ]);
  const konbini = await addMember(db, site.id, { nickname: 'コンビニ', number: 3 });
  const membership = {
    memberId: konbini.id,
    purpose: 'membership',
    method: 'konbini',
    planId: monthly!.id,
  } as const;
  await addOneOff(db, site.id, { ...membership, amountYen: 550, status: 'paid', at: '2026-10-31T14:59:00Z' });
  // 1 November 00:30 in Japan, still October in UTC: November's.
  await addOneOff(db, site.id, { ...membership, amountYen: 550, status: 'paid', at: '2026-10-31T15:30:00Z' });
  await addOneOff(db, site.id, {
    ...membership,
    amountYen: 550,
    status: 'expired',
    at: '2026-11-01T03:00:00Z',
  });
  await addOneOff(db, site.id, {
    ...membership,
    amountYen: 550,
    status: 'pending',
    at: '2026-11-25T03:00:00Z',
  });
  await addOneOff(db, site.id, { ...membership, amountYen: 550, status: 'paid', at: '2026-08-20T03:00:00Z' });
  const fan = await addMember(db, site.id, { nickname: '先行', number: 4 });
  const won = await addPresaleApplication(db, site.id, fan.id, '秋ツアー');
  const refunded = await addPresaleApplication(db, site.id, fan.id, '冬ツアー');
  const presale = { memberId: fan.id, purpose: 'presale' } as const;
  await addOneOff(db, site.id, {
    ...presale,
    presaleApplicationId: won,
    method: 'card',
    amountYen: 8800,
    status: 'paid',
    at: '2026-11-05T03:00:00Z',
  });
  // Paid in October, refunded in November (the event was cancelled): the refund counts in October.
  await addOneOff(db, site.id, {
    ...presale,
    presaleApplicationId: refunded,
    method: 'konbini',
    amountYen: 8800,
    status: 'refunded',
    at: '2026-10-20T03:00:00Z',
    refundedAt: '2026-11-02T03:00:00Z',
  });
  const stranger = await addMember(db, second.id, { nickname: '他サイト', number: 1 });
  await addCardCharges(db, second.id, stranger.id, [
    { at: '2026-10-10T03:00:00Z', amountYen: 990, status: 'paid' },
  ]);
});
afterAll(async () => handle?.drop());

const owner = () => actorOf(site.id, 'owner');
const byMonth = (months: SalesMonth[], month: string) => months.find((row) => row.month === month)!;

describe('salesReport', () => {
  it('adds up each Japan-time month by source: gross, refunds in the month of the payment, fees unknown, net', async () => {
    const months = await salesReport(handle.db, provider, owner(), RANGE);
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-10', '2026-09']);
    const september = byMonth(months, '2026-09');
    expect(september.rows).toHaveLength(1);
    expect(september).toMatchObject({ count: 1, grossYen: 550, refundsYen: 0, feesYen: null, netYen: 550 });
    const october = byMonth(months, '2026-10');
    expect(october.rows).toEqual([
      {
        kind: 'membership',
        plan: '月額会員',
        method: 'card',
        count: 1,
        grossYen: 550,
        refundsYen: 0,
        feesYen: null,
        netYen: 550,
      },
      {
        kind: 'membership',
        plan: '月額会員',
        method: 'konbini',
        count: 1,
        grossYen: 550,
        refundsYen: 0,
        feesYen: null,
        netYen: 550,
      },
      {
        kind: 'membership',
        plan: '年額会員',
        method: 'card',
        count: 1,
        grossYen: 5500,
        refundsYen: 5500,
        feesYen: null,
        netYen: 0,
      },
      {
        kind: 'presale',
        plan: null,
        method: 'konbini',
        count: 1,
        grossYen: 8800,
        refundsYen: 8800,
        feesYen: null,
        netYen: 0,
      },
    ]);
    expect(october).toMatchObject({
      count: 4,
      grossYen: 15400,
      refundsYen: 14300,
      feesYen: null,
      netYen: 1100,
    });
    const november = byMonth(months, '2026-11');
    expect(november.rows.map((row) => [row.kind, row.plan, row.method, row.grossYen])).toEqual([
      ['membership', '月額会員', 'card', 550],
      ['membership', '月額会員', 'konbini', 550],
      ['presale', null, 'card', 8800],
    ]);
    expect(november).toMatchObject({ count: 3, grossYen: 9900, refundsYen: 0, netYen: 9900 });
    expect(totalOf(months)).toMatchObject({ count: 8, grossYen: 25850, refundsYen: 14300, netYen: 11550 });
  });

  it("reconciles with every member's payment history, added up on their own", async () => {
    const months = await salesReport(handle.db, provider, owner(), RANGE);
    const inRange = new Set(monthsOf(RANGE));
    // Every member of the site, whatever their state: each history is read as the member sees it.
    const everyone = await handle.db
      .select({ uid: members.uid })
      .from(members)
      .where(eq(members.siteId, site.id));
    const fromHistory = new Map<string, { grossYen: number; refundsYen: number; count: number }>();
    for (const { uid } of everyone) {
      const member = (await findMember(handle.db, site.id, uid))!;
      for (const line of await listPaymentHistory(handle.db, provider, member)) {
        const month = jstMonth(line.date);
        if (!inRange.has(month) || (line.status !== 'paid' && line.status !== 'refunded')) continue;
        const sum = fromHistory.get(month) ?? { grossYen: 0, refundsYen: 0, count: 0 };
        sum.grossYen += line.amountYen;
        sum.refundsYen += line.status === 'refunded' ? line.amountYen : 0;
        sum.count += 1;
        fromHistory.set(month, sum);
      }
    }
    for (const month of months) {
      const history = fromHistory.get(month.month) ?? { grossYen: 0, refundsYen: 0, count: 0 };
      // The rows' own sums, not the month's total: the page shows both, and both must agree with the histories.
      const rows = month.rows.reduce(
        (sum, row) => ({
          grossYen: sum.grossYen + row.grossYen,
          refundsYen: sum.refundsYen + row.refundsYen,
          netYen: sum.netYen + row.netYen,
          count: sum.count + row.count,
        }),
        { grossYen: 0, refundsYen: 0, netYen: 0, count: 0 },
      );
      expect(rows, month.month).toEqual({ ...history, netYen: history.grossYen - history.refundsYen });
      expect(
        { grossYen: month.grossYen, refundsYen: month.refundsYen, netYen: month.netYen },
        month.month,
      ).toEqual({
        grossYen: rows.grossYen,
        refundsYen: rows.refundsYen,
        netYen: rows.netYen,
      });
    }
  });

  it('counts a card charge refunded in part (Stripe) once: its gross whole, the part given back as a refund', async () => {
    const partly = {
      id: 'in_partly_refunded',
      customerId: 'cus_partly',
      amountYen: 5500,
      status: 'paid',
      refundedYen: 1000,
      periodStart: new Date('2026-10-12T03:00:00Z'),
      periodEnd: new Date('2027-10-12T03:00:00Z'),
      createdAt: new Date('2026-10-12T03:00:00Z'),
      feeYen: null,
    } as const;
    const stripeLike = {
      ...provider,
      listSiteCharges: async (...args: Parameters<SandboxProvider['listSiteCharges']>) => [
        ...(await provider.listSiteCharges(...args)),
        partly,
      ],
    };
    const october = byMonth(await salesReport(handle.db, stripeLike, owner(), RANGE), '2026-10');
    expect(october).toMatchObject({ count: 5, grossYen: 15400 + 5500, refundsYen: 14300 + 1000 });
    expect(october.netYen).toBe(1100 + 4500);
  });

  it('is the owner’s alone', async () => {
    for (const role of ['support', 'editor', 'door'] as const) {
      const error = await salesReport(handle.db, provider, actorOf(site.id, role), RANGE).catch(
        (caught: unknown) => caught,
      );
      expect(isAppError(error) && error.status, role).toBe(403);
    }
  });
});

describe('exportSalesCsv', () => {
  it('writes a row per month and source and the total, with a BOM, and audits the export', async () => {
    const text = await exportSalesCsv(handle.db, provider, owner(), RANGE);
    expect(text.startsWith('\uFEFF月,区分,プラン,支払方法,件数,売上,返金,手数料,差引\r\n')).toBe(true);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({
      月: '2026-09',
      区分: '会費',
      プラン: '月額会員',
      支払方法: 'カード',
      件数: '1',
      売上: '550',
      返金: '0',
      手数料: '—',
      差引: '550',
    });
    expect(rows.at(-1)).toMatchObject({ 月: '合計', 件数: '8', 売上: '25850', 返金: '14300', 差引: '11550' });
    const sum = rows.slice(0, -1).reduce((total, row) => total + Number(row['売上']), 0);
    expect(sum).toBe(25850);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'sales.export'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      siteId: site.id,
      actorRole: 'owner',
      targetType: 'sales',
      after: { from: '2026-09', to: '2026-11', grossYen: 25850, netYen: 11550 },
    });
  });
});
