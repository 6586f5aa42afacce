import 'server-only';
import { processWide } from '@/server/process-wide';

/**
 * Keeps the periodic session re-checks from piling onto a provider that does not answer (docs/decisions/0017):
 * - one re-check per session at a time: the other requests of that session share its answer;
 * - after a failure, nobody asks for a while (doubling up to a ceiling), then one request at a time probes, until
 *   an answer resets it. Meanwhile sessions are judged by their grace alone.
 */
export const RECHECK_BACKOFF_MS = { first: 15_000, max: 120_000 } as const;

export class RecheckGate {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private failures = 0;
  private retryAt = 0;
  private probing = false;

  /** The re-check of this session that is already running, to share its answer. */
  running<T>(key: string): Promise<T> | undefined {
    return this.inFlight.get(key) as Promise<T> | undefined;
  }

  /** How many re-checks are asking the provider now. */
  get asking(): number {
    return this.inFlight.size;
  }

  /** Whether a new re-check may ask the provider now. */
  mayAsk(now: number): boolean {
    if (this.failures === 0) return true;
    return now >= this.retryAt && !this.probing;
  }

  /** Runs `ask` as this session's one re-check; a failure starts or extends the back-off. */
  run<T>(key: string, now: number, ask: () => Promise<T>): Promise<T> {
    const existing = this.running<T>(key);
    if (existing) return existing;
    const probe = this.failures > 0;
    if (probe) this.probing = true;
    const attempt = ask()
      .then(
        (value) => {
          this.failures = 0;
          this.retryAt = 0;
          return value;
        },
        (error: unknown) => {
          // Re-checks that were already running when the provider froze fail together: they count once.
          if (probe || this.failures === 0) this.failures += 1;
          const delay = Math.min(RECHECK_BACKOFF_MS.first * 2 ** (this.failures - 1), RECHECK_BACKOFF_MS.max);
          this.retryAt = Math.max(this.retryAt, now + delay);
          throw error;
        },
      )
      .finally(() => {
        this.inFlight.delete(key);
        if (probe) this.probing = false;
      });
    this.inFlight.set(key, attempt);
    return attempt;
  }
}

// One gate per provider for the whole process, by its id, since every copy of this module must share it (measured: the
// session API asked a frozen provider again right after a page's re-check had timed out); a provider without an id (a
// test's fake) gets its own.
const named = processWide('identity-recheck-gates', () => new Map<string, RecheckGate>());
const unnamed = new WeakMap<object, RecheckGate>();

export function recheckGateFor(provider: { readonly id?: string }): RecheckGate {
  let gate = provider.id === undefined ? unnamed.get(provider) : named.get(provider.id);
  if (!gate) {
    gate = new RecheckGate();
    if (provider.id === undefined) unnamed.set(provider, gate);
    else named.set(provider.id, gate);
  }
  return gate;
}
