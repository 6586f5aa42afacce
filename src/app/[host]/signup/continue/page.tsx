import { redirect } from 'next/navigation';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { requireSite } from '@/features/site/app';
import { firstUnfinishedStep } from '@/features/signup';
import { loadSignUpState } from '@/features/signup/app';

export const dynamic = 'force-dynamic';

/** Resumes the sign-up flow at the member's first unfinished step. */
export default async function ContinueSignUp({ params }: HostParams) {
  const site = await requireSite({ params });
  const state = await loadSignUpState(site, (await params).host);
  redirect(paths.signUpStep(firstUnfinishedStep(site.config.SIGN_UP_FLOW, state.facts)));
}
