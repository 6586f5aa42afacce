import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, drawRounds, presales } from '@/server/db/schema';
import { BEACON_NOTES } from '@/features/presale/draw';
import { drandRoundTime } from '@/features/presale/draw/drand';
import type { PublicDraw, PublicRound, PresaleFairness } from '@/features/presale/types';
import { recordPath } from '@/features/presale/draw';
import { ROUND_KIND_LABELS } from '@/features/presale/components/labels';

/** The item's title where the item itself is public; a draft's title stays unsaid. */
const publicTitle = (now: Date) =>
  sql<
    string | null
  >`case when ${contentItems.state} = 'published' and ${contentItems.publishedAt} <= ${now.toISOString()}::timestamptz then ${contentItems.title} end`;

/** `hash:count` as logged at the close (fc-draw-log-v1). */
function listOf(value: string | null): { hash: string; count: number } | null {
  const match = value ? /^([0-9a-f]{64}):(\d+)$/.exec(value) : null;
  return match ? { hash: match[1]!, count: Number(match[2]) } : null;
}

const loggedList = sql<string | null>`(
  select l.value from draw_log l where l.presale_id = ${presales.id} and l.kind = 'entry-list' limit 1
)`;

/** Every round the log fixed for the presale, oldest first: an extension shows the one before it too. */
const loggedRounds = sql<string[]>`coalesce((
  select array_agg(l.value order by l.seq) from draw_log l where l.presale_id = ${presales.id} and l.kind = 'round'
), '{}')`;

/** Every presale of the site whose record is published (open data: the records hold receipt numbers, no names). */
export async function publishedDraws(db: Db, siteId: string, now = new Date()): Promise<PublicDraw[]> {
  const rows = await db
    .select({
      id: presales.id,
      itemId: presales.itemId,
      title: publicTitle(now),
      drawnAt: presales.drawnAt,
      publishedAt: presales.resultsAt,
      list: loggedList,
    })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(and(eq(presales.siteId, siteId), isNotNull(presales.recordFile), lte(presales.resultsAt, now)))
    .orderBy(desc(presales.drawnAt));
  const rounds = new Map<string, PublicRound[]>();
  const drawn = rows.length
    ? await db
        .select({
          presaleId: drawRounds.presaleId,
          number: drawRounds.number,
          kind: drawRounds.kind,
          drawnAt: drawRounds.drawnAt,
          entries: sql<number>`jsonb_array_length(${drawRounds.entries})`,
        })
        .from(drawRounds)
        .where(
          and(
            inArray(
              drawRounds.presaleId,
              rows.map((row) => row.id),
            ),
            isNotNull(drawRounds.drawnAt),
          ),
        )
        .orderBy(asc(drawRounds.number))
    : [];
  for (const round of drawn) {
    const list = rounds.get(round.presaleId) ?? [];
    list.push({
      number: round.number,
      kind: round.kind,
      drawnAt: round.drawnAt!.toISOString(),
      entries: Number(round.entries),
      verifyUrl: `/presales/${round.presaleId}/verify?round=${round.number}`,
      recordUrl: recordPath(round.presaleId, round.number),
    });
    rounds.set(round.presaleId, list);
  }
  return rows.map((row) => ({
    presaleId: row.id,
    itemId: row.title === null ? null : row.itemId,
    title: row.title,
    drawnAt: row.drawnAt!.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
    entries: listOf(row.list)?.count ?? null,
    verifyUrl: `/presales/${row.id}/verify`,
    recordUrl: `/api/presales/${row.id}/record`,
    rounds: rounds.get(row.id) ?? [],
  }));
}

/**
 * What a TICKET item's presale has fixed in advance, for everyone (signed out too): the commitment and the beacon
 * from the opening, the frozen list's hash and count from the close, the record's links from the results time.
 */
export async function presaleFairness(
  db: Db,
  siteId: string,
  itemId: string,
  now = new Date(),
): Promise<PresaleFairness | null> {
  const [row] = await db
    .select({
      id: presales.id,
      opensAt: presales.opensAt,
      closesAt: presales.closesAt,
      resultsAt: presales.resultsAt,
      commitment: presales.commitment,
      beaconSource: presales.beaconSource,
      beaconRound: presales.beaconRound,
      frozenAt: presales.frozenAt,
      entryListHash: presales.entryListHash,
      drawnAt: presales.drawnAt,
      list: loggedList,
      rounds: loggedRounds,
    })
    .from(presales)
    .where(and(eq(presales.itemId, itemId), eq(presales.siteId, siteId)))
    .limit(1);
  if (!row || now < row.opensAt) return null;
  const frozen = row.frozenAt !== null && row.entryListHash !== null;
  const published = row.drawnAt !== null && now >= row.resultsAt;
  const drand = row.beaconSource === 'drand' && row.beaconRound !== null;
  return {
    presaleId: row.id,
    commitment: row.commitment,
    beacon: {
      source: row.beaconSource,
      round: drand ? row.beaconRound : null,
      roundAt: drand ? drandRoundTime(row.beaconRound!).toISOString() : null,
      note: row.beaconSource === 'drand' ? null : BEACON_NOTES[row.beaconSource],
      logged: row.rounds,
    },
    entryListHash: frozen ? row.entryListHash : null,
    entries: frozen ? (listOf(row.list)?.count ?? null) : null,
    verifyUrl: published ? `/presales/${row.id}/verify` : null,
    recordUrl: published ? `/api/presales/${row.id}/record` : null,
  };
}

/** The TICKET item of each presale of the site, where the item is public: for the draw log page's readers. */
export async function presaleItems(
  db: Db,
  siteId: string,
  now = new Date(),
): Promise<Map<string, { itemId: string; title: string }>> {
  const rows = await db
    .select({ id: presales.id, itemId: presales.itemId, title: publicTitle(now) })
    .from(presales)
    .innerJoin(contentItems, eq(contentItems.id, presales.itemId))
    .where(eq(presales.siteId, siteId));
  // A second round's facts are logged under the round's own id (docs/presale-draw.md section 9): named after its presale.
  const rounds = await db
    .select({
      id: drawRounds.id,
      number: drawRounds.number,
      kind: drawRounds.kind,
      presaleId: drawRounds.presaleId,
    })
    .from(drawRounds)
    .where(eq(drawRounds.siteId, siteId));
  const items = new Map(
    rows.flatMap((row) => (row.title === null ? [] : [[row.id, { itemId: row.itemId, title: row.title }]])),
  );
  for (const round of rounds) {
    const item = items.get(round.presaleId);
    if (item) {
      items.set(round.id, {
        itemId: item.itemId,
        title: `${item.title} 第${round.number}回（${ROUND_KIND_LABELS[round.kind]}）`,
      });
    }
  }
  return items;
}
