import 'server-only';
import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  contentItems,
  presaleApplications,
  presaleOfferings,
  presaleParticipants,
  presalePerformances,
  presales,
} from '@/server/db/schema';
import { konbiniDeadline } from '@/server/payments/sandbox-konbini';
import { notifyMany, type NoticeInput } from '@/features/notices/server';
import { formatJst } from '@/features/presale/components/labels';
import { writeResultRows } from './result-rows';

type NoticeOf<K extends 'presale-won' | 'presale-lost'> = K extends unknown ? NoticeInput<K> : never;

/** The members told about an application's result: the applicant and the companions who accepted. */
export async function participantsOf(tx: Db, applicationId: string) {
  return tx
    .select({ memberId: presaleParticipants.memberId, role: presaleParticipants.role })
    .from(presaleParticipants)
    .where(
      and(
        eq(presaleParticipants.applicationId, applicationId),
        or(eq(presaleParticipants.role, 'applicant'), eq(presaleParticipants.companionStatus, 'accepted')),
      ),
    );
}

/** participantsOf for every application of a presale at once, with the application each belongs to. */
function participantsOfPresale(tx: Db, presaleId: string) {
  return tx
    .select({
      applicationId: presaleParticipants.applicationId,
      memberId: presaleParticipants.memberId,
      role: presaleParticipants.role,
    })
    .from(presaleParticipants)
    .where(
      and(
        eq(presaleParticipants.presaleId, presaleId),
        or(eq(presaleParticipants.role, 'applicant'), eq(presaleParticipants.companionStatus, 'accepted')),
      ),
    );
}

/** A won application with what it costs (tickets × the won seat type's price) and where. */
export async function winsOf(tx: Db, presaleId: string, statuses: ('won' | 'paid')[] = ['won']) {
  return tx
    .select({
      application: presaleApplications,
      priceYen: presaleOfferings.priceYen,
      seatType: presaleOfferings.seatType,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
      title: contentItems.title,
    })
    .from(presaleApplications)
    .innerJoin(presaleOfferings, eq(presaleOfferings.id, presaleApplications.wonOfferingId))
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(and(eq(presaleApplications.presaleId, presaleId), inArray(presaleApplications.status, statuses)));
}

/**
 * At the results time, once: every applicant and accepted companion gets 当選 or 落選 (notice and mail), a konbini
 * win its deadline, every applicant their result row (presale_results, read by their result view), all in one
 * transaction under the presale's row lock that ends by marking the presale announced.
 * A second instance at the same moment waits for the lock, then finds it announced and does nothing; the notices'
 * keys would refuse a second copy anyway.
 */
export async function announceResults(db: Db, presaleId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [presale] = await tx.select().from(presales).where(eq(presales.id, presaleId)).for('update');
    if (!presale?.drawnAt || now < presale.resultsAt || presale.resultsAnnouncedAt || presale.cancelledAt)
      return false;
    const [item] = await tx
      .select({ title: contentItems.title })
      .from(contentItems)
      .where(eq(contentItems.id, presale.itemId));
    const title = item?.title ?? 'ファンクラブ先行';
    const payBy = konbiniDeadline(now, presale.konbiniDeadlineDays);
    const wins = new Map((await winsOf(tx, presaleId)).map((win) => [win.application.id, win]));
    const results = await tx
      .select()
      .from(presaleApplications)
      .where(
        and(
          eq(presaleApplications.presaleId, presaleId),
          inArray(presaleApplications.status, ['won', 'lost', 'void']),
        ),
      );
    // A draw of thousands is announced in a few statements, not a few per entry: every konbini win's deadline in
    // one update, everyone told (applicants and accepted companions, read in one query) in batches.
    await tx
      .update(presaleApplications)
      .set({ paymentDueAt: payBy, updatedAt: now })
      .where(
        and(
          eq(presaleApplications.presaleId, presaleId),
          eq(presaleApplications.status, 'won'),
          eq(presaleApplications.paymentMethod, 'konbini'),
        ),
      );
    const people = new Map<string, Awaited<ReturnType<typeof participantsOf>>>();
    for (const person of await participantsOfPresale(tx, presaleId)) {
      const list = people.get(person.applicationId);
      if (list) list.push(person);
      else people.set(person.applicationId, [person]);
    }
    const told = results.flatMap((application) => {
      const win = wins.get(application.id);
      return (people.get(application.id) ?? []).map((person): NoticeOf<'presale-won' | 'presale-lost'> => {
        const companion = person.role === 'companion';
        const base = {
          siteId: presale.siteId,
          memberId: person.memberId,
          key: `presale-result:${application.id}:${person.memberId}`,
        };
        return win
          ? {
              ...base,
              kind: 'presale-won',
              data: {
                title,
                receiptNo: application.receiptNo,
                rank: application.wonRank ?? 1,
                performance: `${formatJst(win.startsAt.toISOString())} ${win.venue}`,
                seatType: win.seatType,
                tickets: application.tickets,
                amountYen: application.tickets * win.priceYen,
                method: application.paymentMethod,
                payBy: application.paymentMethod === 'konbini' ? payBy.toISOString() : null,
                companion,
              },
            }
          : {
              ...base,
              kind: 'presale-lost',
              data: {
                title,
                receiptNo: application.receiptNo,
                voidReason: application.voidReason,
                companion,
              },
            };
      });
    });
    await notifyMany(tx, told);
    // Each applicant's result, written once here (after the deadlines above), is what their result view reads.
    await writeResultRows(tx, presaleId);
    await tx
      .update(presales)
      .set({ resultsAnnouncedAt: now, updatedAt: now })
      .where(eq(presales.id, presaleId));
    return true;
  });
}

/** Presales whose results time came and which are not announced yet (drawn, not cancelled). */
export async function resultsDue(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: presales.id })
    .from(presales)
    .where(
      and(
        isNotNull(presales.drawnAt),
        lte(presales.resultsAt, now),
        isNull(presales.resultsAnnouncedAt),
        isNull(presales.cancelledAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** Announced presales (not cancelled) with a win still to charge or issue, or due to lapse. */
export async function presalesWithOpenWins(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: presales.id })
    .from(presales)
    .innerJoin(presaleApplications, eq(presaleApplications.presaleId, presales.id))
    .where(
      and(
        isNotNull(presales.resultsAnnouncedAt),
        isNull(presales.cancelledAt),
        eq(presaleApplications.status, 'won'),
      ),
    );
  return rows.map((row) => row.id);
}
