import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { jsonFromError } from '@/server/http/responses';
import { DbHealth, dbHealth } from '@/server/db/health';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('jsonFromError', () => {
  it('answers the database being down, locked or slow with a Japanese 503 and Retry-After', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const code of ['ECONNREFUSED', '57P01', '55P03', '57014']) {
      const response = jsonFromError(new Error('Failed query', { cause: withCode(code) }));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'ただいま混み合っています。時間をおいて再度お試しください。' },
      });
    }
    // Remembered, so that the front server answers at once while it lasts; a probe clears it.
    expect(dbHealth().down).toBe(true);
    dbHealth().up();
  });

  it('keeps AppErrors and answers anything else with a 500, in Japanese', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notFound = jsonFromError(new AppError('NOT_FOUND'));
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('retry-after')).toBeNull();
    const bug = jsonFromError(new TypeError('x is undefined'));
    expect(bug.status).toBe(500);
    expect(((await bug.json()) as { error: { message: string } }).error.message).toMatch(/システムエラー/);
  });
});

describe('DbHealth', () => {
  it('is down on a connection failure only, and up again when told', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const health = new DbHealth();
    expect(health.report(withCode('55P03'), 1_000)).toBe(true);
    expect([health.down, health.lastUnavailableAt]).toEqual([false, 1_000]);
    expect(health.report(withCode('23505'))).toBe(false);
    health.report(withCode('ECONNREFUSED'));
    expect(health.down).toBe(true);
    health.up();
    expect(health.down).toBe(false);
  });
});
