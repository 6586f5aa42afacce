import 'server-only';
import { and, asc, count, eq, isNotNull, lte, max, notExists, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presaleApplications, presaleOfferings, presales, tickets } from '@/server/db/schema';
import { seatLabel, seatOrder } from './seats';

/**
 * Issues the e-tickets of every paid application of one presale that has none yet, once its 発券日 has come: one
 * ticket per seat, all held by the applicant until they hand a companion theirs (分配). The presale row's lock makes
 * two instances issue one after the other; the key (application, seq) holds even without it. Returns how many.
 */
export async function issuePresaleTickets(db: Db, presaleId: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [presale] = await tx
      .select({
        id: presales.id,
        siteId: presales.siteId,
        seed: presales.seed,
        issueAt: presales.ticketsIssueAt,
      })
      .from(presales)
      .where(eq(presales.id, presaleId))
      .for('update')
      .limit(1);
    if (!presale?.issueAt || presale.issueAt > now) return 0;
    const due = await tx
      .select({
        id: presaleApplications.id,
        receiptNo: presaleApplications.receiptNo,
        memberId: presaleApplications.memberId,
        tickets: presaleApplications.tickets,
        offeringId: presaleOfferings.id,
        performanceId: presaleOfferings.performanceId,
        seatType: presaleOfferings.seatType,
      })
      .from(presaleApplications)
      .innerJoin(presaleOfferings, eq(presaleOfferings.id, presaleApplications.wonOfferingId))
      .where(
        and(
          eq(presaleApplications.presaleId, presaleId),
          eq(presaleApplications.status, 'paid'),
          isNotNull(presaleApplications.paidAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(tickets)
              .where(eq(tickets.applicationId, presaleApplications.id)),
          ),
        ),
      )
      .orderBy(asc(presaleApplications.receiptNo));
    let issued = 0;
    const seatsTaken = new Map<string, number>();
    const serials = new Map<string, number>();
    for (const application of seatOrder(presale.seed, due)) {
      if (!seatsTaken.has(application.offeringId)) {
        const [row] = await tx
          .select({ n: count() })
          .from(tickets)
          .where(eq(tickets.offeringId, application.offeringId));
        seatsTaken.set(application.offeringId, row?.n ?? 0);
      }
      if (!serials.has(application.performanceId)) {
        const [row] = await tx
          .select({ n: max(tickets.serial) })
          .from(tickets)
          .where(eq(tickets.performanceId, application.performanceId));
        serials.set(application.performanceId, row?.n ?? 0);
      }
      const firstSeat = seatsTaken.get(application.offeringId)!;
      const firstSerial = serials.get(application.performanceId)!;
      const rows = Array.from({ length: application.tickets }, (_, i) => ({
        siteId: presale.siteId,
        presaleId,
        applicationId: application.id,
        performanceId: application.performanceId,
        offeringId: application.offeringId,
        seq: i + 1,
        serial: firstSerial + i + 1,
        seatLabel: seatLabel(application.seatType, firstSeat + i),
        holderMemberId: application.memberId,
        issuedAt: now,
      }));
      const inserted = await tx
        .insert(tickets)
        .values(rows)
        .onConflictDoNothing({ target: [tickets.applicationId, tickets.seq] })
        .returning({ id: tickets.id });
      seatsTaken.set(application.offeringId, firstSeat + application.tickets);
      serials.set(application.performanceId, firstSerial + application.tickets);
      issued += inserted.length;
    }
    return issued;
  });
}

/** Issues what is due in every presale whose 発券日 has come (the background job of scripts/serve.ts). */
export async function issueDueTickets(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: presales.id })
    .from(presales)
    .where(
      and(
        lte(presales.ticketsIssueAt, now),
        sql`EXISTS (SELECT 1 FROM presale_applications a WHERE a.presale_id = ${presales.id} AND a.status = 'paid'
          AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.application_id = a.id))`,
      ),
    );
  let issued = 0;
  for (const presale of due) issued += await issuePresaleTickets(db, presale.id, now);
  return issued;
}
