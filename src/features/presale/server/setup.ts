import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { contentItems, presaleOfferings, presalePerformances, presales } from '@/server/db/schema';
import { assertCan, type StaffActor, recordAudit } from '@/features/staff/server';
import { roundValue, seedCommitment } from '@/features/presale/draw';
import { drandRoundAfter, QUICKNET, type DrandChain } from '@/features/presale/draw/drand';
import type { PresaleSetup } from '@/features/presale/schemas';
import { beaconPlan, configuredDrand, NO_PUBLIC_BEACON, type BeaconPlan } from './beacon';
import { appendDrawLog } from './draw-log';

/**
 * A presale's row without its published draw record: the record holds every entry (megabytes for a large draw) and
 * is read only where it is served, never on an application's or a page's path.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out by name, so that the rest stays typed
const { recordFile: _record, ...columns } = getTableColumns(presales);
export const presaleColumns = columns;
export type Presale = Omit<typeof presales.$inferSelect, 'recordFile'>;

/** The beacon a presale fixes with its close: a drand round (the first after the close) or the server's own bytes. */
function beaconOf(plan: BeaconPlan, closesAt: Date) {
  return {
    beaconSource: plan.source,
    beaconRound: plan.source === 'drand' ? drandRoundAfter(closesAt, plan.chain) : null,
  };
}

/** The draw log's value for a presale's round: `drand:<round>`, `local` or `operator`. */
const loggedRound = (presale: Pick<Presale, 'beaconSource' | 'beaconRound'>) =>
  roundValue({ source: presale.beaconSource, round: presale.beaconRound ?? 0 });

async function ticketItemOf(db: Db, siteId: string, itemId: string): Promise<void> {
  const [item] = await db
    .select({ section: contentItems.section })
    .from(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.siteId, siteId)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  if (item.section !== 'ticket')
    throw new AppError('VALIDATION', '先行受付はTICKETの記事にだけ設定できます。');
}

const rulesOf = (setup: PresaleSetup) => ({
  ticketsPerApplication: setup.ticketsPerApplication,
  choiceCount: setup.choiceCount,
  opensAt: setup.opensAt,
  closesAt: setup.closesAt,
  resultsAt: setup.resultsAt,
  joinedBefore: setup.joinedBefore,
  companionRule: setup.companionRule,
  konbiniDeadlineDays: setup.konbiniDeadlineDays,
  accessibilityRequests: setup.accessibilityRequests,
});

async function writePerformances(db: Db, presaleId: string, setup: PresaleSetup): Promise<void> {
  await db.delete(presalePerformances).where(eq(presalePerformances.presaleId, presaleId));
  for (const [sortOrder, performance] of setup.performances.entries()) {
    const [row] = await db
      .insert(presalePerformances)
      .values({
        presaleId,
        sortOrder,
        startsAt: performance.startsAt,
        doorsAt: performance.doorsAt,
        venue: performance.venue,
      })
      .returning({ id: presalePerformances.id });
    await db
      .insert(presaleOfferings)
      .values(performance.offerings.map((offering) => ({ presaleId, performanceId: row!.id, ...offering })));
  }
}

/**
 * Sets up the presale of a TICKET item, or replaces its rules while its window has not opened. The seed is drawn
 * here, once, and its commitment is public from now on (docs/presale-draw.md).
 */
export async function savePresale(
  db: Db,
  actor: StaffActor,
  itemId: string,
  setup: PresaleSetup,
  now = new Date(),
  plan: BeaconPlan | null = beaconPlan(),
): Promise<Presale> {
  assertCan(actor, 'content:write');
  // Outside the demo, nobody may draw a presale's randomness but a public beacon, unless the operator says so by name.
  if (!plan) throw new AppError('CONFLICT', NO_PUBLIC_BEACON);
  const beacon = beaconOf(plan, setup.closesAt);
  return db.transaction(async (tx) => {
    await ticketItemOf(tx, actor.siteId, itemId);
    const [existing] = await tx
      .select(presaleColumns)
      .from(presales)
      .where(eq(presales.itemId, itemId))
      .for('update')
      .limit(1);
    if (existing && now >= existing.opensAt) {
      throw new AppError('CONFLICT', '受付開始後は条件を変更できません（受付期間の延長のみできます）。');
    }
    if (!existing && setup.opensAt <= now) {
      throw new AppError('VALIDATION', '受付開始は現在より後の日時にしてください。');
    }
    let presale: Presale;
    if (existing) {
      [presale] = (await tx
        .update(presales)
        .set({ ...rulesOf(setup), ...beacon, updatedAt: now })
        .where(eq(presales.id, existing.id))
        .returning(presaleColumns)) as [Presale];
      if (loggedRound(presale) !== loggedRound(existing)) {
        await appendDrawLog(tx, actor.siteId, presale.id, 'round', loggedRound(presale), now);
      }
    } else {
      const seed = randomBytes(32).toString('hex');
      [presale] = (await tx
        .insert(presales)
        .values({
          siteId: actor.siteId,
          itemId,
          ...rulesOf(setup),
          ...beacon,
          seed,
          commitment: await seedCommitment(seed),
        })
        .returning(presaleColumns)) as [Presale];
      // Public from now on, before any entry exists: the commitment and the round (docs/presale-draw.md).
      await appendDrawLog(tx, actor.siteId, presale.id, 'commitment', presale.commitment, now);
      await appendDrawLog(tx, actor.siteId, presale.id, 'round', loggedRound(presale), now);
    }
    await writePerformances(tx, presale.id, setup);
    await recordAudit(tx, actor, {
      action: existing ? 'presale.update' : 'presale.create',
      targetType: 'presale',
      targetId: presale.id,
      before: existing ? { ...rulesOf(existing as unknown as PresaleSetup) } : null,
      after: { ...rulesOf(setup), ...beacon, performances: setup.performances.length },
    });
    return presale;
  });
}

/**
 * The one change allowed once the window has opened: a later close (and results time), audited. A drand presale's
 * round moves with its close: the new one is fixed and logged now, before the new close.
 */
export async function extendPresaleWindow(
  db: Db,
  actor: StaffActor,
  presaleId: string,
  closesAt: Date,
  resultsAt: Date,
  now = new Date(),
  chain: DrandChain = configuredDrand()?.chain ?? QUICKNET,
): Promise<Presale> {
  assertCan(actor, 'content:write');
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select(presaleColumns)
      .from(presales)
      .where(and(eq(presales.id, presaleId), eq(presales.siteId, actor.siteId)))
      .for('update')
      .limit(1);
    if (!presale) throw new AppError('NOT_FOUND');
    if (presale.frozenAt || now >= presale.closesAt) {
      throw new AppError('CONFLICT', '受付終了後は受付期間を延長できません。');
    }
    if (closesAt <= presale.closesAt || resultsAt < closesAt) {
      throw new AppError(
        'VALIDATION',
        '延長後の受付終了は現在の受付終了より後、当落発表はその後にしてください。',
      );
    }
    const beaconRound =
      presale.beaconSource === 'drand' ? drandRoundAfter(closesAt, chain) : presale.beaconRound;
    const [updated] = (await tx
      .update(presales)
      .set({ closesAt, resultsAt, beaconRound, updatedAt: now })
      .where(eq(presales.id, presaleId))
      .returning(presaleColumns)) as [Presale];
    if (loggedRound(updated) !== loggedRound(presale)) {
      await appendDrawLog(tx, actor.siteId, presaleId, 'round', loggedRound(updated), now);
    }
    await recordAudit(tx, actor, {
      action: 'presale.extend',
      targetType: 'presale',
      targetId: presaleId,
      before: { closesAt: presale.closesAt, resultsAt: presale.resultsAt, beaconRound: presale.beaconRound },
      after: { closesAt, resultsAt, beaconRound },
    });
    return updated;
  });
}

/** The presale of a TICKET item of this site, or 404. */
export async function presaleIdOfItem(db: Db, siteId: string, itemId: string): Promise<string> {
  const [row] = await db
    .select({ id: presales.id })
    .from(presales)
    .where(and(eq(presales.itemId, itemId), eq(presales.siteId, siteId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'この記事には先行受付がありません。');
  return row.id;
}
