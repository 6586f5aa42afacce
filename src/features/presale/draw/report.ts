import type { DrawRecord } from './record';

export interface OfferingReport {
  offering: string;
  capacity: number;
  /** Tickets asked for with this offering as 第1希望, and as any choice. */
  firstChoiceTickets: number;
  anyChoiceTickets: number;
  wonTickets: number;
}

export interface RankReport {
  rank: number;
  /** Entries still in the draw at this rank (not voided, not won earlier, with a choice at this rank). */
  tried: number;
  won: number;
}

export interface TransparencyReport {
  entries: number;
  ticketsRequested: number;
  offerings: OfferingReport[];
  ranks: RankReport[];
  voided: { reason: string; count: number }[];
}

/** What the draw did, computed from the published record alone, so anyone can check it against the record. */
export function transparencyReport(record: DrawRecord): TransparencyReport {
  const results = new Map(record.results.map((result) => [result.entry, result]));
  const voided = new Set(record.voided.map((v) => v.entry));
  const offerings = record.offerings.map((offering) => {
    const asFirst = record.entries.filter((e) => e.choices[0] === offering.id);
    const asAny = record.entries.filter((e) => e.choices.includes(offering.id));
    const won = record.entries.filter((e) => {
      const result = results.get(e.id);
      return result?.outcome === 'won' && result.offering === offering.id;
    });
    const sum = (entries: typeof record.entries) => entries.reduce((total, e) => total + e.tickets, 0);
    return {
      offering: offering.id,
      capacity: offering.capacity,
      firstChoiceTickets: sum(asFirst),
      anyChoiceTickets: sum(asAny),
      wonTickets: sum(won),
    };
  });
  const maxRank = Math.max(0, ...record.entries.map((e) => e.choices.length));
  const ranks = Array.from({ length: maxRank }, (_, i) => {
    const rank = i + 1;
    const inDraw = record.entries.filter((e) => {
      const result = results.get(e.id);
      if (voided.has(e.id) || e.choices.length < rank) return false;
      return !(result?.outcome === 'won' && result.rank < rank);
    });
    const won = inDraw.filter((e) => {
      const result = results.get(e.id);
      return result?.outcome === 'won' && result.rank === rank;
    });
    return { rank, tried: inDraw.length, won: won.length };
  });
  const reasons = new Map<string, number>();
  for (const v of record.voided) reasons.set(v.reason, (reasons.get(v.reason) ?? 0) + 1);
  return {
    entries: record.entries.length,
    ticketsRequested: record.entries.reduce((total, e) => total + e.tickets, 0),
    offerings,
    ranks,
    voided: [...reasons].map(([reason, count]) => ({ reason, count })),
  };
}
