import { solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { ERROR_CATALOGUE } from '@/lib/errors';
import { encodeProof } from '@/lib/proof-of-work';
import { SIGN_UP_CHALLENGE_API } from '@/features/auth/config';

/**
 * The browser's side of the sign-up's proof of work (docs/decisions/0024): a challenge from the site, solved in Web
 * Workers with WebCrypto's PBKDF2. Loaded only where it is needed (the account step, or a first session), by import().
 */

export class ProofOfWorkError extends Error {
  constructor(message: string = ERROR_CATALOGUE.HUMAN_CHECK_FAILED.message) {
    super(message);
    this.name = 'ProofOfWorkError';
  }
}

export interface SolvedProof {
  /** What the session request carries. */
  proof: string;
  /** When the challenge expires, in ms since the epoch. */
  expiresAt: number;
}

/** Far longer than a phone takes (well under a second): past it, something is wrong. */
const SOLVE_TIMEOUT_MS = 30_000;
const CHALLENGE_TIMEOUT_MS = 10_000;

/** Half the cores, one to four: a phone's big cores share the work, a laptop keeps one for the page. */
function workerCount(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.min(4, Math.max(1, Math.floor(cores / 2)));
}

/** A challenge of the site, solved: what the next session request of a new account carries. */
export async function solveSignUpChallenge(signal?: AbortSignal): Promise<SolvedProof> {
  // WebCrypto, which does the work, exists in a secure context only: HTTPS, or localhost for a developer.
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle) {
    throw new ProofOfWorkError('この接続では新規登録の確認ができません。HTTPS のページからお試しください。');
  }
  // One controller for the fetch and the workers: the caller's signal (a form left) or the fetch's own timeout.
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const fetchTimer = setTimeout(abort, CHALLENGE_TIMEOUT_MS);
  try {
    const response = await fetch(SIGN_UP_CHALLENGE_API, { cache: 'no-store', signal: controller.signal });
    if (!response.ok) throw new ProofOfWorkError();
    const challenge = (await response.json()) as Challenge;
    clearTimeout(fetchTimer);
    const solution = await solveChallengeWorkers({
      challenge,
      concurrency: workerCount(),
      controller,
      createWorker: () =>
        new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' }),
      timeout: SOLVE_TIMEOUT_MS,
    });
    if (!solution) throw new ProofOfWorkError();
    return {
      proof: encodeProof({ challenge, solution }),
      expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000,
    };
  } catch (error) {
    if (error instanceof ProofOfWorkError) throw error;
    // A network failure, a timeout, an answer that is no challenge, a worker that failed: all one thing to a person.
    throw new ProofOfWorkError();
  } finally {
    clearTimeout(fetchTimer);
    signal?.removeEventListener('abort', abort);
  }
}
