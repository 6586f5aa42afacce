import { TZDate, tz } from '@date-fns/tz';
import { addDays, addMonths, format, parse, set, startOfDay, startOfMonth } from 'date-fns';

/**
 * Japan time through @date-fns/tz: every helper here reads or writes a wall-clock time in Asia/Tokyo whatever the
 * server's or the browser's zone, and returns plain `Date`s (never a `TZDate`, whose `toISOString` carries an offset).
 */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';
const inJapan = tz(JAPAN_TIME_ZONE);

const plain = (date: Date) => new Date(date.getTime());
const invalid = () => new Date(Number.NaN);

const JA_DATE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "2026年11月22日", in Japan time whatever the server's zone. */
export function formatDateJa(date: Date | string): string {
  return JA_DATE.format(typeof date === 'string' ? new Date(date) : date);
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `<input type="datetime-local">` value ("2026-12-01T18:00") read as Japan time. An Invalid Date when the value is
 * not of that form or names no real time (2026-02-30T10:00, 2026-12-01T24:00).
 */
export function parseJstLocal(value: string): Date {
  if (!LOCAL_INPUT.test(value)) return invalid();
  return plain(parse(value, "yyyy-MM-dd'T'HH:mm", new TZDate(0, JAPAN_TIME_ZONE), { in: inJapan }));
}

/** The start (midnight in Japan) of a Japan calendar day "2026-12-01"; an Invalid Date when there is no such day. */
export function parseJstDay(value: string): Date {
  if (!DAY_INPUT.test(value)) return invalid();
  return plain(parse(value, 'yyyy-MM-dd', new TZDate(0, JAPAN_TIME_ZONE), { in: inJapan }));
}

/** "2026-12-01T18:00": an instant as `<input type="datetime-local">` shows it, in Japan time (inverse of parseJstLocal). */
export function toJstLocalInput(date: Date | string | number): string {
  return format(date, "yyyy-MM-dd'T'HH:mm", { in: inJapan });
}

/** An instant in Japan time by a date-fns pattern ("yyyy/MM/dd HH:mm" gives "2026/12/01 18:00"). */
export function formatInJapan(date: Date | string | number, pattern: string): string {
  return format(date, pattern, { in: inJapan });
}

/** "2026-12-01": the Japan calendar day of an instant, as a date input and a spreadsheet write it. */
export function jstDay(date: Date | string | number): string {
  return format(date, 'yyyy-MM-dd', { in: inJapan });
}

/** "2026-12-01 18:00:05": an instant in Japan time to the second, as a spreadsheet reads it. */
export function jstDateTimeText(date: Date | string | number): string {
  return format(date, 'yyyy-MM-dd HH:mm:ss', { in: inJapan });
}

/** The same wall-clock time `days` Japan calendar days later (Japan keeps no summer time, so always 24 h a day). */
export function addJstDays(date: Date, days: number): Date {
  return plain(addDays(date, days, { in: inJapan }));
}

/** The first instant after the Japan-time calendar day of `date` (its next midnight in Japan). */
export function endOfJapanDay(date: Date): Date {
  return plain(addDays(startOfDay(date, { in: inJapan }), 1, { in: inJapan }));
}

/** hh:mm (and ss) Japan time on the Japan calendar day of `date`. */
export function atJstTime(date: Date, hours: number, minutes: number, seconds = 0): Date {
  return plain(set(date, { hours, minutes, seconds, milliseconds: 0 }, { in: inJapan }));
}

const MONTH_INPUT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "2026-12": the Japan calendar month of an instant (the sales page's month key). */
export function jstMonth(date: Date | string | number): string {
  return format(date, 'yyyy-MM', { in: inJapan });
}

/** The start (the 1st, midnight in Japan) of a Japan calendar month "2026-12"; an Invalid Date for another form. */
export function parseJstMonth(value: string): Date {
  if (!MONTH_INPUT.test(value)) return invalid();
  return parseJstDay(`${value}-01`);
}

/** The start of the Japan month `months` after the one of `date` (negative: before). */
export function addJstMonths(date: Date, months: number): Date {
  return plain(addMonths(startOfMonth(date, { in: inJapan }), months, { in: inJapan }));
}
