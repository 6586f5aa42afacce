import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  nextDrawLogEntry,
  type DrawLog,
  type DrawLogEntry,
  type PublishedDrawVerification,
} from '@/features/presale/draw';
import { checkKeptCopy } from './kept-log';

async function logOf(commitment: string, extra = 0): Promise<DrawLog> {
  const entries: DrawLogEntry[] = [];
  const values = [commitment, 'drand:42', ...Array.from({ length: extra }, (_, i) => `drand:${43 + i}`)];
  for (const [i, value] of values.entries()) {
    const kind = i === 0 ? 'commitment' : 'round';
    entries.push(
      await nextDrawLogEntry(entries.at(-1) ?? null, {
        at: '2026-11-27T00:00:00.000Z',
        presale: 'p1',
        kind,
        value,
      }),
    );
  }
  return { algorithm: 'fc-draw-log-v1', site: 'mio', entries };
}

const passed = { ok: true, log: { ok: true, problems: [] } } as unknown as PublishedDrawVerification;

afterEach(() => vi.unstubAllGlobals());

describe("the verification page's kept copy of the draw log", () => {
  it('keeps the log, accepts it grown, and refuses it rewritten and hashed again', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    });
    expect(await checkKeptCopy(passed, await logOf('a'.repeat(64)))).toBe(passed);
    expect(await checkKeptCopy(passed, await logOf('a'.repeat(64), 1))).toBe(passed);
    const rewritten = await checkKeptCopy(passed, await logOf('e'.repeat(64), 1));
    expect(rewritten.ok).toBe(false);
    expect(rewritten.log!.problems.join()).toContain('前回の検証で保存した写しと比べて：抽選ログの 1 番が');
    // The rewritten log does not replace the copy: the next visit still sees it.
    expect((await checkKeptCopy(passed, await logOf('e'.repeat(64), 1))).ok).toBe(false);
  });
});
