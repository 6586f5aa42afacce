/**
 * Whether an error means "the database cannot answer now" (down, restarting, unreachable, out of connections, or a
 * statement/lock wait that ran out of time) rather than a bug or bad input: such a failure is answered with 503 and
 * Retry-After, and the same request is worth trying again shortly. Pure: it only looks at the error.
 */

/** postgres.js's own connection errors and Node's socket errors. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** SQLSTATEs of a server that is going away or refusing work for now. */
const SERVER_DOWN_STATES = new Set(['57P02', '57P03', '53300']);
/**
 * SQLSTATEs of one request that lost (lock_timeout, statement_timeout, a deadlock), and those of a connection the
 * server ended under it: 57P01 (a shutdown or a restart), 25P03 and 25P04 (a transaction left idle, or open, past
 * its bound: the server ends its whole session, and the pooled statement that reaches it next fails with that
 * session's error, seen once in the fault suite after a database crash). After a restart every pooled connection ends
 * that way once while the server already answers again on new ones, so it fails this request without calling the
 * whole database down; a server that is really gone refuses the next connection, which does.
 */
const BUSY_STATES = new Set(['55P03', '57014', '40P01', '57P01', '25P03', '25P04']);

export type Unavailability = 'down' | 'busy';

function codeOf(error: object): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/**
 * 'down' when the database is unreachable or shutting down (every query will fail until it is back), 'busy' when one
 * statement timed out or waited too long for a lock, null otherwise. Drizzle and Node wrap the driver's error (`cause`,
 * AggregateError's `errors`): a few levels are looked through.
 */
export function dbUnavailability(error: unknown, depth = 0): Unavailability | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const code = codeOf(error);
  if (code) {
    if (CONNECTION_CODES.has(code) || SERVER_DOWN_STATES.has(code) || code.startsWith('08')) return 'down';
    if (BUSY_STATES.has(code)) return 'busy';
  }
  const inner: unknown[] = [(error as { cause?: unknown }).cause];
  if (error instanceof AggregateError) inner.push(...(error.errors as unknown[]));
  for (const each of inner) {
    const found = dbUnavailability(each, depth + 1);
    if (found) return found;
  }
  return null;
}

export function isDbUnavailable(error: unknown): boolean {
  return dbUnavailability(error) !== null;
}
