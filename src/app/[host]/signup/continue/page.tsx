import { redirect } from 'next/navigation';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { requireSite } from '@/features/site/app';
import { firstUnfinishedStep, returnPathOf } from '@/features/signup';
import { loadSignUpState } from '@/features/signup/app';

type Props = HostParams & { searchParams: Promise<{ next?: string | string[] }> };

export const dynamic = 'force-dynamic';

/** Resumes the sign-up flow at the member's first unfinished step, with the page to come back to (`?next=`). */
export default async function ContinueSignUp({ params, searchParams }: Props) {
  const site = await requireSite({ params });
  const state = await loadSignUpState(site, (await params).host);
  const { next } = await searchParams;
  const returnTo = returnPathOf(typeof next === 'string' ? next : null);
  redirect(paths.signUpStep(firstUnfinishedStep(site.config.SIGN_UP_FLOW, state.facts), returnTo));
}
