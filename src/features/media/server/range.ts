/** What to send for a request's Range header against a file of `size` bytes (RFC 9110, single ranges only). */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * A header this server does not handle (another unit, several ranges, garbage) is ignored and the whole file sent,
 * as RFC 9110 allows; a well-formed range outside the file is refused with 416.
 */
export function parseRange(header: string | null, size: number): RangeAnswer {
  if (header === null) return { kind: 'full' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  const a = first === '' ? null : Number(first);
  const b = last === '' ? null : Number(last);
  if ((a !== null && !Number.isSafeInteger(a)) || (b !== null && !Number.isSafeInteger(b))) {
    return { kind: 'unsatisfiable' };
  }
  if (a === null) {
    // bytes=-n: the last n bytes.
    if (b === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - b!), end: size - 1 };
  }
  if (a >= size || (b !== null && b < a)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: a, end: b === null ? size - 1 : Math.min(b, size - 1) };
}
