import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { paths } from '@/lib/paths';
import { SIGN_UP_STEPS, type SignUpStep } from '@/features/site';
import { requireSite } from '@/features/site/app';
import { STEP_LABELS, resolveSignUpStep, returnPathOf } from '@/features/signup';
import { loadSignUpState, SignUpStepPage } from '@/features/signup/app';

// Personal: each member's own progress, never cached.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ host: string; step: string }> };
type Props = Params & { searchParams: Promise<{ next?: string | string[] }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { step } = await params;
  const label = STEP_LABELS[step as SignUpStep] ?? '新規入会';
  return { title: `新規入会（${label}）`, robots: { index: false } };
}

const isStep = (value: string): value is SignUpStep => (SIGN_UP_STEPS as readonly string[]).includes(value);

export default async function SignUpStepRoute({ params, searchParams }: Props) {
  const { host, step } = await params;
  // The page that made the fan join goes on with them through the flow (and is kept with the progress on each save).
  const { next: nextParam } = await searchParams;
  const next = returnPathOf(typeof nextParam === 'string' ? nextParam : null);
  const site = await requireSite({ params });
  const flow = site.config.SIGN_UP_FLOW;
  if (!isStep(step) || step === 'account' || !flow.includes(step)) notFound();
  const state = await loadSignUpState(site, host);
  // Not signed in: the flow starts again at the account step (sign-in is offered there).
  if (!state.viewer) redirect(paths.signUp(next));
  const allowed = resolveSignUpStep(flow, state.facts, step);
  if (allowed !== step) redirect(paths.signUpStep(allowed, next));
  return <SignUpStepPage state={state} step={step} next={next} />;
}
