import type { Challenge, Solution } from 'altcha-lib';

/**
 * The proof of work a browser sends with the sign-in of an account the site does not know yet (docs/decisions/0024):
 * the challenge the server issued and the browser's solution, as base64 of their JSON (the ALTCHA widget's payload).
 */
export interface ProofPayload {
  challenge: Challenge;
  solution: Solution;
}

/** Far more than a proof takes (about 600 characters); a longer one is refused unread. */
export const PROOF_MAX_LENGTH = 4_096;

export function encodeProof(payload: ProofPayload): string {
  // Hex strings and numbers only: ASCII, which btoa takes as it is.
  return btoa(JSON.stringify({ challenge: payload.challenge, solution: payload.solution }));
}

/** The payload's JSON, unchecked, or undefined when the text is no base64 of JSON. */
export function decodeProof(proof: string): unknown {
  try {
    return JSON.parse(atob(proof)) as unknown;
  } catch {
    return undefined;
  }
}
