const JST_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2026-11-22": the date in Japan time, as a date input and a spreadsheet write it. */
export const isoDateJst = (date: Date) => JST_DATE.format(date);

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a grant "until 2026-12-31" ends: the start of the next day in Japan time. */
export const grantEndsAt = (endsOn: string) => new Date(Date.parse(`${endsOn}T00:00:00+09:00`) + DAY_MS);

/** The last day a grant ending at `endsAt` gives premium (inverse of grantEndsAt). */
export const grantLastDay = (endsAt: Date) => isoDateJst(new Date(endsAt.getTime() - DAY_MS));

export const addDaysJst = (date: Date, days: number) => isoDateJst(new Date(date.getTime() + days * DAY_MS));
