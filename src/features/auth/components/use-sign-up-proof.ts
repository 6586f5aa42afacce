'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_CATALOGUE } from '@/lib/errors';
import type { SolvedProof } from '@/features/auth/client/proof-of-work';

export type SignUpProofState =
  { status: 'solving' } | { status: 'ready' } | { status: 'failed'; message: string };

/** A proof this close to its challenge's expiry is solved anew rather than sent. */
const FRESH_FOR_MS = 60_000;

const messageOf = (error: unknown) =>
  error instanceof Error && error.name === 'ProofOfWorkError'
    ? error.message
    : ERROR_CATALOGUE.HUMAN_CHECK_FAILED.message;

/**
 * The account step's proof of work (docs/decisions/0024): a challenge solved as soon as the form shows, while the
 * person types, so that the account is created without a wait. The solver is loaded here only, by import().
 */
export function useSignUpProof() {
  const [state, setState] = useState<SignUpProofState>({ status: 'solving' });
  const pending = useRef<Promise<SolvedProof> | null>(null);
  const left = useRef(new AbortController());

  const solve = useCallback((): Promise<SolvedProof> => {
    const run = import('@/features/auth/client/proof-of-work').then(({ solveSignUpChallenge }) =>
      solveSignUpChallenge(left.current.signal),
    );
    pending.current = run;
    run.then(
      () => {
        if (pending.current === run) setState({ status: 'ready' });
      },
      (error: unknown) => {
        if (pending.current === run && !left.current.signal.aborted) {
          setState({ status: 'failed', message: messageOf(error) });
        }
      },
    );
    return run;
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    left.current = controller;
    void solve().catch(() => {});
    // The workers stop when the form goes (a person signed in instead, or left).
    return () => controller.abort();
  }, [solve]);

  /**
   * A proof for the session request, good for a minute at least: the one solved meanwhile, or one solved now. Each
   * is handed out once (the server takes it once); a failure throws ProofOfWorkError with its Japanese message.
   */
  const take = useCallback(async (): Promise<string> => {
    let solved = await (pending.current ?? Promise.reject(new Error('none'))).catch(() => null);
    if (!solved || solved.expiresAt - Date.now() < FRESH_FOR_MS) {
      setState({ status: 'solving' });
      solved = await solve();
    }
    pending.current = null;
    return solved.proof;
  }, [solve]);

  /** After a failure: try again at the person's request. */
  const retry = useCallback(() => {
    setState({ status: 'solving' });
    void solve().catch(() => {});
  }, [solve]);

  return { state, take, retry };
}
