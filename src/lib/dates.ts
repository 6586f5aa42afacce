const JA_DATE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "2026年11月22日", in Japan time whatever the server's zone. */
export function formatDateJa(date: Date | string): string {
  return JA_DATE.format(typeof date === 'string' ? new Date(date) : date);
}

const JA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The first instant after the Japan-time calendar day of `date` (its next midnight in Japan; Japan keeps no summer time). */
export function endOfJapanDay(date: Date): Date {
  const start = new Date(`${JA_DAY.format(date)}T00:00:00+09:00`);
  return new Date(start.getTime() + 86_400_000);
}
