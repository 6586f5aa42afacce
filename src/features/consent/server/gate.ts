import 'server-only';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import type { SignUpStep, Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { needsConsent } from '@/features/consent/versions';
import { currentVersions } from '@/features/consent/server/current';

/** Whether the site asks for the terms at or before this sign-up step (its TERMS_CONSENT_STEP). */
export function stepNeedsConsent(site: Site, step: SignUpStep): boolean {
  const flow = site.config.SIGN_UP_FLOW;
  return flow.indexOf(step) >= flow.indexOf(site.config.TERMS_CONSENT_STEP);
}

/**
 * The sign-up's server-side check: from the site's consent step on, nothing is saved for an account that never
 * agreed to the terms. A page that shows the step shows the agreement above its form; a script calling the API gets
 * CONSENT_REQUIRED (422) and nothing is written. A version published while someone is half-way through is asked for
 * like any member's (the block on the step pages and My page) but does not stop the steps (decision 0027).
 */
export async function assertSignUpConsent(db: Db, site: Site, member: Member | null, step: SignUpStep) {
  if (!stepNeedsConsent(site, step) || member?.consentedAt) return;
  const current = await currentVersions(db, site);
  if (needsConsent(current, null)) throw new AppError('CONSENT_REQUIRED');
}
