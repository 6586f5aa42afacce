import 'server-only';

/**
 * Next.js's client router sends the page's route tree in `Next-Router-State-Tree` (URI-encoded JSON). Next.js
 * validates it on a dynamic rendering and throws when it does not parse, which became a 500 for anyone who made up
 * the header. This is the same shape check (next/dist/server/app-render/types.js, flightRouterStateSchema, kept in
 * step by router-state.test.ts), done at the front door so that such a request gets a 400 instead.
 */

/** Next.js's own bound on the header (about 2,000 route segments). */
const MAX_LENGTH = 20 * 2000;
/** Deep enough for any route of this app; a deeper tree is made up, and recursion stays bounded. */
const MAX_DEPTH = 64;
const DYNAMIC_PARAM_TYPES = new Set([
  'c',
  'ci(..)(..)',
  'ci(.)',
  'ci(..)',
  'ci(...)',
  'oc',
  'd',
  'di(..)(..)',
  'di(.)',
  'di(..)',
  'di(...)',
]);
const REFRESH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only']);

const isString = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown, check: (v: unknown) => boolean) =>
  value === undefined || value === null || check(value);

function isSegment(value: unknown): boolean {
  if (isString(value)) return true;
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    isString(value[0]) &&
    isString(value[1]) &&
    isString(value[2]) &&
    DYNAMIC_PARAM_TYPES.has(value[2]) &&
    // Static siblings at the same level: a list of names, or null when unknown.
    (value[3] === null || (Array.isArray(value[3]) && value[3].every(isString)))
  );
}

function isTree(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, children, url, marker, flag, extra] = value as unknown[];
  // Next.js's record check takes any object (an array too); stricter here would refuse what Next.js reads.
  if (!isSegment(segment) || typeof children !== 'object' || children === null) return false;
  return (
    Object.values(children).every((child) => isTree(child, depth + 1)) &&
    optional(url, (v) => Array.isArray(v) && v.length === 2 && v.every(isString)) &&
    optional(marker, (v) => isString(v) && REFRESH_MARKERS.has(v)) &&
    optional(flag, (v) => typeof v === 'number') &&
    (extra === undefined || isString(extra))
  );
}

/** Whether Next.js can read this `Next-Router-State-Tree` value (absent is fine). */
export function isReadableRouterState(header: string | string[] | undefined): boolean {
  if (header === undefined) return true;
  if (Array.isArray(header) || header.length > MAX_LENGTH) return false;
  try {
    return isTree(JSON.parse(decodeURIComponent(header)), 0);
  } catch {
    return false;
  }
}
