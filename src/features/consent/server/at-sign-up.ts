import 'server-only';
import type { SignUpConsentSteps } from '@/features/auth';
import { agreesToCurrent } from '@/features/consent/versions';
import { currentVersions } from '@/features/consent/server/current';
import { recordConsent } from '@/features/consent/server/record';

/** The agreement's steps in the sign-up's first session request (auth's createSessionFromToken, decision 0027). */
export const consentAtSignUp: SignUpConsentSteps = {
  isCurrent: async (db, site, agreement) => agreesToCurrent(await currentVersions(db, site), agreement),
  record: recordConsent,
};
