import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeProof } from '@/lib/proof-of-work';

/**
 * Solves a sign-up challenge in Node, as a client of the site that is no browser does (the tests, the fault suite's
 * fans): the proof to send with the session request. It costs what it costs a script (docs/decisions/0024).
 */
export async function solveProof(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the sign-up challenge was not solved within a minute');
  return encodeProof({ challenge, solution });
}
