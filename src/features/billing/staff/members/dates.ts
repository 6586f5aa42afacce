import { addJstDays, jstDay, parseJstDay } from '@/lib/dates';

/** "2026-11-22": the date in Japan time, as a date input and a spreadsheet write it. */
export const isoDateJst = (date: Date) => jstDay(date);

/** When a grant "until 2026-12-31" ends: the start of the next day in Japan time. */
export const grantEndsAt = (endsOn: string) => addJstDays(parseJstDay(endsOn), 1);

/** The last day a grant ending at `endsAt` gives premium (inverse of grantEndsAt). */
export const grantLastDay = (endsAt: Date) => jstDay(addJstDays(endsAt, -1));

export const addDaysJst = (date: Date, days: number) => jstDay(addJstDays(date, days));
