import 'server-only';
import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, presaleApplications, presaleParticipants, presales } from '@/server/db/schema';
import { presaleState } from '@/features/presale/state';

export interface MyTicketRow {
  itemId: string;
  title: string;
  role: 'applicant' | 'companion';
  receiptNo: string;
  /** applied, won, lost, void, or 'invited' / 'accepted' for a companion; a result shows from the results time. */
  status: string;
  tickets: number;
  appliedAt: Date;
  updatedAt: Date;
  resultsAt: Date;
}

/** Every presale this member applied to or accompanies, newest first, for My page's チケット area. */
export async function myTickets(
  db: Db,
  siteId: string,
  memberId: string,
  now = new Date(),
): Promise<MyTicketRow[]> {
  const rows = await db
    .select({
      itemId: presales.itemId,
      title: contentItems.title,
      presale: {
        opensAt: presales.opensAt,
        closesAt: presales.closesAt,
        resultsAt: presales.resultsAt,
        drawnAt: presales.drawnAt,
      },
      application: presaleApplications,
      participant: {
        memberId: presaleParticipants.memberId,
        role: presaleParticipants.role,
        status: presaleParticipants.companionStatus,
      },
    })
    .from(presaleApplications)
    .innerJoin(presales, eq(presales.id, presaleApplications.presaleId))
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .leftJoin(
      presaleParticipants,
      and(
        eq(presaleParticipants.applicationId, presaleApplications.id),
        eq(presaleParticipants.memberId, memberId),
      ),
    )
    .where(
      and(
        eq(presales.siteId, siteId),
        ne(presaleApplications.status, 'cancelled'),
        or(eq(presaleApplications.memberId, memberId), eq(presaleParticipants.memberId, memberId)),
      ),
    )
    .orderBy(desc(presaleApplications.createdAt));
  return rows.map(({ itemId, title, presale, application, participant }) => {
    const companion = application.memberId !== memberId;
    const resultsOut = presaleState(presale, now) === 'drawn';
    const status = !resultsOut && application.status !== 'applied' ? 'applied' : application.status;
    return {
      itemId,
      title,
      role: companion ? 'companion' : 'applicant',
      receiptNo: application.receiptNo,
      status: companion && status === 'applied' ? (participant?.status ?? 'invited') : status,
      tickets: application.tickets,
      appliedAt: application.createdAt,
      updatedAt: application.updatedAt,
      resultsAt: presale.resultsAt,
    };
  });
}
