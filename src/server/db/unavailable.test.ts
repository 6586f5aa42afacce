import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { dbUnavailability, isDbUnavailable } from '@/server/db/unavailable';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('dbUnavailability', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    '57P02',
    '57P03',
    '08006',
    '08001',
    '53300',
  ])('calls %s the database being down', (code) => {
    expect(dbUnavailability(withCode(code))).toBe('down');
  });

  it.each(['55P03', '57014', '40P01'])('calls %s a busy database (a timed-out wait)', (code) => {
    expect(dbUnavailability(withCode(code))).toBe('busy');
  });

  it.each([
    withCode('23505'),
    withCode('42P01'),
    withCode('ERR_INVALID_ARG_TYPE'),
    new Error('bug'),
    'text',
    null,
    undefined,
  ])('leaves other failures alone: %s', (error) => {
    expect(isDbUnavailable(error)).toBe(false);
  });

  it("looks through Drizzle's and Node's wrappers", () => {
    expect(dbUnavailability(new Error('Failed query', { cause: withCode('57P02') }))).toBe('down');
    // A pooled connection ended by a restart fails its request, and leaves the database's health to the next one.
    expect(dbUnavailability(new Error('Failed query', { cause: withCode('57P01') }))).toBe('busy');
    // So does one the server ended for a transaction left idle past idle_in_transaction_session_timeout.
    expect(dbUnavailability(new Error('Failed query', { cause: withCode('25P03') }))).toBe('busy');
    expect(dbUnavailability(new AggregateError([new Error('x'), withCode('ECONNREFUSED')]))).toBe('down');
    const deep = [1, 2, 3, 4, 5, 6].reduce<Error>((e) => new Error('wrap', { cause: e }), withCode('57P01'));
    expect(isDbUnavailable(deep)).toBe(false);
  });

  it('knows a real refused connection of postgres.js through Drizzle', async () => {
    const handle = connectPostgres('postgres://postgres@127.0.0.1:1/none', {
      max: 1,
      timeouts: { statementMs: 1000, lockMs: 1000, idleInTransactionMs: 1000, connectMs: 1000 },
    });
    const error: unknown = await handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    await handle.close();
    expect(dbUnavailability(error)).toBe('down');
  });
});
