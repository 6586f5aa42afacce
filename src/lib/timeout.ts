/**
 * A bound on how long we wait for something outside (the identity provider, its browser SDK). The call itself is not
 * cancelled, since the libraries offer no way to: it finishes or fails on its own, and its answer is then ignored.
 */
export class TimeoutError extends Error {
  readonly code = 'timeout';

  constructor(
    readonly label: string,
    readonly ms: number,
  ) {
    super(`${label} did not answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}

/** The promise's outcome, or a TimeoutError once `ms` have passed without one. */
export function withTimeout<T>(promise: PromiseLike<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(label, ms)), ms);
  });
  // The timer must not outlive an answer: it would keep a server process (or a test) waiting for nothing.
  return Promise.race([Promise.resolve(promise), expired]).finally(() => clearTimeout(timer));
}
