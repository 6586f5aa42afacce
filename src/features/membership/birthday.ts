import { jstDay } from '@/lib/dates';

/**
 * Whether `now` is the member's birthday in Japan time. A 29 February birthday is kept on 28 February in the years
 * without one. `birthday` is the stored date (YYYY-MM-DD); its year is never shown or sent anywhere.
 */
export function isBirthdayOn(birthday: string | null, now: Date): boolean {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return false;
  const today = jstDay(now);
  const monthDay = birthday.slice(5);
  if (today.slice(5) === monthDay) return true;
  const year = Number(today.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-29' && !leap && today.slice(5) === '02-28';
}

/** The site's birthday message for a member: `{name}` is the nickname. */
export function birthdayText(template: string, nickname: string | null): string {
  return template.replaceAll('{name}', nickname?.trim() || '会員');
}
