import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgbouncerConfig, trustedUsers } from './pooler';

const template = readFileSync(path.resolve('deploy/pgbouncer.ini'), 'utf8');
const settings = {
  prefix: '/tmp/fc-pgbouncer-x',
  listenPort: 6433,
  serverUrl: 'postgres://postgres@127.0.0.1:5432/test',
  timeouts: { statementMs: 5_000, lockMs: 2_000, idleInTransactionMs: 10_000 },
};

describe('deploy/pgbouncer.ini, filled for the bench', () => {
  const ini = pgbouncerConfig(template, settings);
  const setting = (name: string) => new RegExp(`^${name} = (.*)$`, 'm').exec(ini)?.[1];

  it('pools in session mode on the given port, before the given server, with the app’s bounds on waits', () => {
    expect(ini).not.toMatch(/\{\{[A-Z_]+\}\}/);
    // Session mode keeps the app's prepared statements (decision 0055).
    expect(setting('pool_mode')).toBe('session');
    expect(setting('listen_port')).toBe('6433');
    expect(setting('logfile')).toBe('/tmp/fc-pgbouncer-x/pgbouncer.log');
    // The bounds travel as the server connection's first statements: PgBouncer refuses them as startup parameters.
    expect(ini).toContain(
      "* = host=127.0.0.1 port=5432 connect_query='SET statement_timeout = 5000; SET lock_timeout = 2000; " +
        "SET idle_in_transaction_session_timeout = 10000'",
    );
    // The reset between two clients clears what a client left, but not these bounds (DISCARD ALL would).
    expect(setting('server_reset_query')).not.toMatch(/DISCARD ALL|RESET/);
    expect(setting('server_reset_query')).toContain('DEALLOCATE ALL');
  });

  it('changes to another user when started as root, which PgBouncer refuses to run as', () => {
    expect(setting('user')).toBeUndefined();
    expect(pgbouncerConfig(template, { ...settings, runAs: 'nobody' })).toMatch(/^user = nobody$/m);
  });

  it('refuses a template with a field it does not know, and names the user it trusts', () => {
    expect(() => pgbouncerConfig(`${template}\nx = {{UNKNOWN}}\n`, settings)).toThrow('{{UNKNOWN}}');
    expect(trustedUsers(settings.serverUrl)).toBe('"postgres" ""\n');
  });
});
