const tokyo = { timeZone: 'Asia/Tokyo' } as const;
const DATE = new Intl.DateTimeFormat('ja-JP', {
  ...tokyo,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});
const TIME = new Intl.DateTimeFormat('ja-JP', {
  ...tokyo,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const MONTH_DAY = new Intl.DateTimeFormat('ja-JP', { ...tokyo, month: 'long', day: 'numeric' });

export const jstDate = (iso: string) => DATE.format(new Date(iso));
export const jstTime = (iso: string) => TIME.format(new Date(iso));
export const jstMonthDay = (iso: string) => MONTH_DAY.format(new Date(iso));
