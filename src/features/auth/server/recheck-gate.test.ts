import { describe, expect, it } from 'vitest';
import { RECHECK_BACKOFF_MS, RecheckGate, recheckGateFor } from '@/features/auth/server/recheck-gate';

/** A call the test answers by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const t0 = 1_000_000;

describe('RecheckGate', () => {
  it("shares one session's re-check between its concurrent requests", async () => {
    const gate = new RecheckGate();
    const call = deferred<string>();
    let asked = 0;
    const ask = () => ((asked += 1), call.promise);
    const first = gate.run('a', t0, ask);
    const second = gate.run('a', t0, ask);
    expect(gate.running('a')).toBeDefined();
    call.resolve('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(asked).toBe(1);
    expect(gate.running('a')).toBeUndefined();
  });

  it('backs off after a failure, doubling, then lets one probe through at a time', async () => {
    const gate = new RecheckGate();
    await expect(gate.run('a', t0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(gate.mayAsk(t0 + RECHECK_BACKOFF_MS.first - 1)).toBe(false);
    expect(gate.mayAsk(t0 + RECHECK_BACKOFF_MS.first)).toBe(true);

    const t1 = t0 + RECHECK_BACKOFF_MS.first;
    const probe = deferred<string>();
    const probing = gate.run('b', t1, () => probe.promise);
    expect(gate.mayAsk(t1)).toBe(false);
    probe.reject(new Error('still down'));
    await expect(probing).rejects.toThrow('still down');
    expect(gate.mayAsk(t1 + 2 * RECHECK_BACKOFF_MS.first - 1)).toBe(false);
    expect(gate.mayAsk(t1 + 2 * RECHECK_BACKOFF_MS.first)).toBe(true);

    const t2 = t1 + 2 * RECHECK_BACKOFF_MS.first;
    await expect(gate.run('c', t2, () => Promise.resolve('back'))).resolves.toBe('back');
    expect(gate.mayAsk(t2)).toBe(true);
  });

  it('never waits longer than the ceiling between probes', async () => {
    const gate = new RecheckGate();
    let now = t0;
    for (let i = 0; i < 10; i += 1) {
      await gate.run('a', now, () => Promise.reject(new Error('down'))).catch(() => {});
      now += RECHECK_BACKOFF_MS.max;
      expect(gate.mayAsk(now)).toBe(true);
    }
  });

  it('counts re-checks that fail together as one failure', async () => {
    const gate = new RecheckGate();
    const frozen = deferred<string>();
    const all = ['a', 'b', 'c'].map((key) => gate.run(key, t0, () => frozen.promise).catch(() => {}));
    frozen.reject(new Error('timeout'));
    await Promise.all(all);
    expect(gate.mayAsk(t0 + RECHECK_BACKOFF_MS.first)).toBe(true);
  });

  it('is one per named provider, whichever copy of the provider object asks; each fake gets its own', () => {
    expect(recheckGateFor({ id: 'same' })).toBe(recheckGateFor({ id: 'same' }));
    const fake = {};
    expect(recheckGateFor(fake)).toBe(recheckGateFor(fake));
    expect(recheckGateFor({})).not.toBe(recheckGateFor(fake));
  });
});
