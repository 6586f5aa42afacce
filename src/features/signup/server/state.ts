import 'server-only';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site';
import type { Viewer } from '@/features/auth';
import { getViewer } from '@/features/auth/app';
import { findMember, memberStatus, type Member } from '@/features/membership/server';
import { getPaymentProvider } from '@/features/billing/server';
import type { SignUpFacts } from '@/features/signup/progress';

export function signUpFactsOf(member: Member | null, premium: boolean, signedIn: boolean): SignUpFacts {
  return {
    signedIn,
    nickname: member?.nickname ?? null,
    hasProfile: Boolean(member?.familyName && member.familyNameKana && member.birthday && member.phone),
    hasAddress: Boolean(member?.postalCode && member.prefecture && member.city && member.street),
    chosenPlanId: member?.chosenPlanId ?? null,
    premium,
  };
}

export async function isPremium(db: Db, member: Member | null): Promise<boolean> {
  if (!member) return false;
  const provider = await getPaymentProvider();
  return (await memberStatus(db, member.id, await provider.now(member.siteId))) === 'premium';
}

export interface SignUpState {
  site: Site;
  viewer: Viewer | null;
  member: Member | null;
  facts: SignUpFacts;
}

/** Everything a sign-up page needs to decide what to show; reading only (the member row is made on first save). */
export async function loadSignUpState(site: Site, host: string): Promise<SignUpState> {
  const viewer = await getViewer(host);
  if (!viewer) return { site, viewer, member: null, facts: signUpFactsOf(null, false, false) };
  const db = await getDb();
  const member = await findMember(db, site.id, viewer.uid);
  return { site, viewer, member, facts: signUpFactsOf(member, await isPremium(db, member), true) };
}
