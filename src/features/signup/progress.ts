import type { SignUpStep } from '@/features/site';

/** What decides which sign-up steps are finished: all of it is stored, so a returning member resumes exactly. */
export interface SignUpFacts {
  signedIn: boolean;
  nickname: string | null;
  hasProfile: boolean;
  hasAddress: boolean;
  chosenPlanId: string | null;
  /** A paid (or staff-granted) membership is running. */
  premium: boolean;
}

const DONE: Record<SignUpStep, (facts: SignUpFacts) => boolean> = {
  account: (facts) => facts.signedIn,
  nickname: (facts) => facts.nickname !== null,
  profile: (facts) => facts.hasProfile,
  address: (facts) => facts.hasAddress,
  plans: (facts) => facts.chosenPlanId !== null || facts.premium,
  payment: (facts) => facts.premium,
  // The complete step is where a paid member lands; it has nothing to finish.
  complete: () => false,
};

export function firstUnfinishedStep(flow: readonly SignUpStep[], facts: SignUpFacts): SignUpStep {
  return flow.find((step) => !DONE[step](facts)) ?? 'complete';
}

/**
 * The step a request for `requested` is answered with. The order is the server's: a step later than the first
 * unfinished one sends the member back to it; earlier steps stay open for corrections until payment. Once paid,
 * every step leads to complete, which shows the member number and the way to My page.
 */
export function resolveSignUpStep(
  flow: readonly SignUpStep[],
  facts: SignUpFacts,
  requested: SignUpStep,
): SignUpStep {
  const next = firstUnfinishedStep(flow, facts);
  if (facts.premium || !flow.includes(requested)) return next;
  return flow.indexOf(requested) <= flow.indexOf(next) ? requested : next;
}

/** The step after `step` in the site's flow (the flow always ends with complete). */
export function stepAfter(flow: readonly SignUpStep[], step: SignUpStep): SignUpStep {
  return flow[flow.indexOf(step) + 1] ?? 'complete';
}

/** The step before `step`, for the back link; none before the first form step (the account exists). */
export function stepBefore(flow: readonly SignUpStep[], step: SignUpStep): SignUpStep | null {
  const before = flow[flow.indexOf(step) - 1];
  return before && before !== 'account' ? before : null;
}
