import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The one rule for phone numbers: kept as digits only (the sign-up schema strips whatever dashes a keyboard typed, so
 * staff search and exports see one form), and shown everywhere through this function in the usual Japanese grouping
 * ("090-1234-5678", "03-1234-5678", "0466-12-3456"), which only the area-code tables of libphonenumber know.
 * Anything it cannot read is shown as stored rather than hidden.
 */
export function formatPhoneJa(stored: string | null | undefined): string {
  if (!stored) return '';
  const digits = stored.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(digits, 'JP');
  return parsed?.isPossible() ? parsed.formatNational() : stored;
}
