import 'server-only';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import type { SignUpStep } from '@/features/site/schema';
import type { Site } from '@/features/site/server/repository';
import type { Member } from '@/features/membership/server/members';
import { needsConsent } from '@/features/consent/versions';
import { currentVersions } from '@/features/consent/server/current';

/** Whether the site asks for the terms at or before this sign-up step (its TERMS_CONSENT_STEP). */
export function stepNeedsConsent(site: Site, step: SignUpStep): boolean {
  const flow = site.config.SIGN_UP_FLOW;
  return flow.indexOf(step) >= flow.indexOf(site.config.TERMS_CONSENT_STEP);
}

/** Whether this member (or an account with no member row yet) must agree to the current versions first. */
export async function consentDue(db: Db, site: Site, member: Member | null): Promise<boolean> {
  return needsConsent(await currentVersions(db, site), member);
}

/**
 * The sign-up's server-side check: from the site's consent step on, nothing is saved for a member who has not
 * agreed to the current terms (never, or to an older version). A page that shows the step shows the agreement
 * above its form; a script calling the API gets CONSENT_REQUIRED (422) and nothing is written.
 */
export async function assertSignUpConsent(db: Db, site: Site, member: Member | null, step: SignUpStep) {
  if (stepNeedsConsent(site, step) && (await consentDue(db, site, member))) {
    throw new AppError('CONSENT_REQUIRED');
  }
}
