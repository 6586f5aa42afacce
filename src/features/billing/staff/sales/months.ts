import { z } from '@/lib/zod';
import { addJstMonths, jstMonth, parseJstMonth } from '@/lib/dates';

/** A range of Japan-time months, both ends included ("2025-12" to "2026-11"). */
export interface MonthRange {
  from: string;
  to: string;
}

/** The page shows a year; an export may span two at most, so that one export stays one bounded read. */
export const PAGE_MONTHS = 12;
export const MAX_EXPORT_MONTHS = 24;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last `count` months up to the one of `now`, Japan time. */
export function lastMonths(now: Date, count = PAGE_MONTHS): MonthRange {
  return { from: jstMonth(addJstMonths(now, -(count - 1))), to: jstMonth(now) };
}

/** How many months the range spans, counted without walking it (a query may name any years). */
export function monthCount(range: MonthRange): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(range.to) - index(range.from) + 1;
}

/** The range's months, newest first. */
export function monthsOf(range: MonthRange): string[] {
  const months: string[] = [];
  for (let start = parseJstMonth(range.to); jstMonth(start) >= range.from; start = addJstMonths(start, -1)) {
    months.push(jstMonth(start));
  }
  return months;
}

/** The instants [from, to) the range covers: from the 1st of its first month to the 1st after its last, in Japan. */
export function instantsOf(range: MonthRange): { from: Date; to: Date } {
  return { from: parseJstMonth(range.from), to: addJstMonths(parseJstMonth(range.to), 1) };
}

/** "2026年11月". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

/** The export's query: from and to months, defaulting to the page's year; a reversed or too long range is refused. */
export function parseMonthRange(params: URLSearchParams, now: Date): MonthRange | null {
  const fallback = lastMonths(now);
  const parsed = z
    .object({ from: z.string().regex(MONTH), to: z.string().regex(MONTH) })
    .safeParse({ from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to });
  if (!parsed.success || parsed.data.from > parsed.data.to) return null;
  return monthCount(parsed.data) <= MAX_EXPORT_MONTHS ? parsed.data : null;
}
