import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, isTimeoutError, withTimeout } from '@/lib/timeout';

const never = () => new Promise<never>(() => {});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('rejects with a TimeoutError once the time is up, not before', async () => {
    const outcome = withTimeout(never(), 5_000, 'getAccount').then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'timeout', label: 'getAccount', ms: 5_000 });
  });

  it('passes an answer through and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.resolve(42), 5_000, 'x')).resolves.toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failure through unchanged and leaves no timer behind', async () => {
    const failure = new Error('connection refused');
    await expect(withTimeout(Promise.reject(failure), 5_000, 'x')).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an answer after the time is up changes nothing', async () => {
    let answer!: (value: string) => void;
    const late = new Promise<string>((resolve) => (answer = resolve));
    const outcome = withTimeout(late, 1_000, 'x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    answer('too late');
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });
});
