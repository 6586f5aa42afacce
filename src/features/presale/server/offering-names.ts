import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { presaleOfferings, presalePerformances, presales } from '@/server/db/schema';
import { formatJst } from '@/features/presale/components/labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What each offering id of a presale's record stands for ("12/11(金) 19:00 Zepp Nagoya 指定席"), for the public
 * verification page: the record names offerings by id only, and the item page shows the same names to everyone.
 */
export async function offeringNames(
  db: Db,
  siteId: string,
  presaleId: string,
): Promise<Record<string, string>> {
  if (!UUID.test(presaleId)) return {};
  const rows = await db
    .select({
      id: presaleOfferings.id,
      seatType: presaleOfferings.seatType,
      startsAt: presalePerformances.startsAt,
      venue: presalePerformances.venue,
    })
    .from(presaleOfferings)
    .innerJoin(presalePerformances, eq(presalePerformances.id, presaleOfferings.performanceId))
    .innerJoin(presales, eq(presales.id, presaleOfferings.presaleId))
    .where(and(eq(presaleOfferings.presaleId, presaleId), eq(presales.siteId, siteId)))
    .orderBy(asc(presalePerformances.startsAt), asc(presaleOfferings.seatType));
  return Object.fromEntries(
    rows.map((row) => [row.id, `${formatJst(row.startsAt.toISOString())} ${row.venue} ${row.seatType}`]),
  );
}
