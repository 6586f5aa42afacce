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
