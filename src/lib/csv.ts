/**
 * CSV as Excel and RFC 4180 read it: CRLF line ends, a field quoted when it holds a comma, a quote or a line break
 * (quotes doubled). A field a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return before one) gets a leading apostrophe, so an exported nickname such as "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Excel reads a UTF-8 CSV as Japanese only when it starts with this byte order mark. */
export const BOM = '\uFEFF';
