import { z } from '@/lib/zod';

/**
 * An agreement as the browser sends it: the versions of the terms and privacy policy it showed (null: the site
 * has no such page). The server records it only when they are still the current ones (decision 0027). Declared
 * here, in auth, because the sign-up's first session request carries it; the consent feature, above auth, checks
 * and records it (decision 0042).
 */
const version = z.number().int().min(1).max(1_000_000).nullable();

export const consentSchema = z.strictObject({ terms: version, privacy: version });
export type ConsentAgreement = z.infer<typeof consentSchema>;

/** The sign-up's account step: the same, plus whether the box was ticked (a refusal is answered, not ignored). */
export const signUpConsentSchema = consentSchema.extend({ agreed: z.boolean() });
export type SignUpConsent = z.infer<typeof signUpConsentSchema>;
