import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  members,
  presaleApplications,
  presaleChoices,
  presaleOfferings,
  presaleParticipants,
  presales,
} from '@/server/db/schema';
import { canonicalEntryList, makeDrawRecord, type DrawEntry } from '@/features/presale/draw';
import { bytesToHex, sha256 } from '@/features/presale/draw/bytes';
import { eligibility } from './eligibility';
import type { Presale } from './setup';

/** The live applications as draw entries; a companion who did not accept by the close takes their ticket with them. */
async function entriesOf(
  db: Db,
  presale: Presale,
): Promise<{ entries: DrawEntry[]; tickets: Map<string, number> }> {
  const applications = await db
    .select({
      id: presaleApplications.id,
      receiptNo: presaleApplications.receiptNo,
      tickets: presaleApplications.tickets,
      accepted: sql<number>`(SELECT count(*)::int FROM presale_participants p WHERE p.application_id = ${presaleApplications.id} AND p.companion_status = 'accepted')`,
    })
    .from(presaleApplications)
    .where(and(eq(presaleApplications.presaleId, presale.id), eq(presaleApplications.status, 'applied')));
  const choices = await db
    .select({ applicationId: presaleChoices.applicationId, offeringId: presaleChoices.offeringId })
    .from(presaleChoices)
    .innerJoin(presaleApplications, eq(presaleApplications.id, presaleChoices.applicationId))
    .where(and(eq(presaleApplications.presaleId, presale.id), eq(presaleApplications.status, 'applied')))
    .orderBy(asc(presaleChoices.applicationId), asc(presaleChoices.rank));
  const byApplication = new Map<string, string[]>();
  for (const choice of choices) {
    byApplication.set(choice.applicationId, [
      ...(byApplication.get(choice.applicationId) ?? []),
      choice.offeringId,
    ]);
  }
  const tickets = new Map<string, number>();
  const entries = applications.map((application) => {
    const count =
      presale.companionRule === 'member'
        ? Math.min(application.tickets, 1 + application.accepted)
        : application.tickets;
    tickets.set(application.id, count);
    return {
      id: application.receiptNo,
      tickets: count,
      choices: byApplication.get(application.id) ?? [],
    };
  });
  return { entries, tickets };
}

/**
 * At the close: the entry list is frozen (its hash published) and the beacon fixed. Offline, the beacon is local:
 * 32 random bytes drawn now, after every entry is in, said so on the page. Once only, under the presale's row lock.
 */
export async function freezePresale(db: Db, presaleId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select()
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update')
      .limit(1);
    if (!presale || presale.frozenAt || now < presale.closesAt) return false;
    const { entries, tickets } = await entriesOf(tx, presale);
    for (const [id, count] of tickets) {
      await tx
        .update(presaleApplications)
        .set({ tickets: count, updatedAt: now })
        .where(and(eq(presaleApplications.id, id), sql`${presaleApplications.tickets} <> ${count}`));
    }
    // Invitations nobody answered end with the window.
    await tx
      .delete(presaleParticipants)
      .where(
        and(eq(presaleParticipants.presaleId, presaleId), eq(presaleParticipants.companionStatus, 'invited')),
      );
    const hash = bytesToHex(await sha256(canonicalEntryList(entries)));
    const beacon = {
      source: 'local' as const,
      round: Math.floor(now.getTime() / 1000),
      randomness: randomBytes(32).toString('hex'),
    };
    await tx
      .update(presales)
      .set({ frozenAt: now, entryListHash: hash, beacon, updatedAt: now })
      .where(eq(presales.id, presaleId));
    return true;
  });
}

const NOT_PREMIUM = '抽選時点でプレミアム会員ではありません';

/** The draw itself, once: results on every application and the record, in one transaction. */
export async function drawPresale(db: Db, presaleId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select()
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update')
      .limit(1);
    if (!presale || !presale.frozenAt || presale.drawnAt || presale.cancelledAt) return false;
    const { entries } = await entriesOf(tx, presale);
    const applicants = await tx
      .select({ application: presaleApplications, member: members })
      .from(presaleApplications)
      .innerJoin(members, eq(members.id, presaleApplications.memberId))
      .where(and(eq(presaleApplications.presaleId, presaleId), eq(presaleApplications.status, 'applied')));
    const voided: { entry: string; reason: string }[] = [];
    for (const { application, member } of applicants) {
      if (!(await eligibility(tx, presale, member, now)).ok)
        voided.push({ entry: application.receiptNo, reason: NOT_PREMIUM });
    }
    const offerings = await tx
      .select({ id: presaleOfferings.id, capacity: presaleOfferings.capacity })
      .from(presaleOfferings)
      .where(eq(presaleOfferings.presaleId, presaleId));
    const record = await makeDrawRecord({
      presale: presaleId,
      seed: presale.seed,
      beacon: presale.beacon,
      offerings,
      entries,
      voided,
    });
    if (record.entryListHash !== presale.entryListHash)
      throw new Error(`presale ${presaleId}: the entry list changed after the close`);
    const byReceipt = new Map(applicants.map(({ application }) => [application.receiptNo, application.id]));
    for (const result of record.results) {
      const id = byReceipt.get(result.entry)!;
      await tx
        .update(presaleApplications)
        .set(
          result.outcome === 'won'
            ? { status: 'won', wonOfferingId: result.offering, wonRank: result.rank, updatedAt: now }
            : result.outcome === 'void'
              ? { status: 'void', voidReason: NOT_PREMIUM, updatedAt: now }
              : { status: 'lost', updatedAt: now },
        )
        .where(eq(presaleApplications.id, id));
    }
    await tx.update(presales).set({ drawnAt: now, record, updatedAt: now }).where(eq(presales.id, presaleId));
    return true;
  });
}

/** The job (scripts/serve.ts): every presale past its close is frozen, then drawn. Safe to run anywhere, any time. */
export async function closeAndDrawDue(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: presales.id })
    .from(presales)
    .where(and(lte(presales.closesAt, now), isNull(presales.drawnAt), isNull(presales.cancelledAt)));
  let drawn = 0;
  for (const { id } of due) {
    await freezePresale(db, id, now);
    if (await drawPresale(db, id, now)) drawn++;
  }
  return drawn;
}
