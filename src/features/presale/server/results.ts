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
import { notify } from '@/features/notices/server';
import { formatJst } from '@/features/presale/components/labels';

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
 * win its deadline, all in one transaction under the presale's row lock that ends by marking the presale announced.
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
    for (const application of results) {
      const win = wins.get(application.id);
      if (win && application.paymentMethod === 'konbini') {
        await tx
          .update(presaleApplications)
          .set({ paymentDueAt: payBy, updatedAt: now })
          .where(eq(presaleApplications.id, application.id));
      }
      for (const person of await participantsOf(tx, application.id)) {
        const companion = person.role === 'companion';
        const base = { siteId: presale.siteId, memberId: person.memberId };
        const key = `presale-result:${application.id}:${person.memberId}`;
        if (win) {
          await notify(tx, {
            ...base,
            kind: 'presale-won',
            key,
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
          });
        } else {
          await notify(tx, {
            ...base,
            kind: 'presale-lost',
            key,
            data: { title, receiptNo: application.receiptNo, voidReason: application.voidReason, companion },
          });
        }
      }
    }
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
