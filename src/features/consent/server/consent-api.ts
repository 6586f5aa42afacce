import 'server-only';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { requestAddress } from '@/server/http/client-address';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { memberPost } from '@/features/membership/server/member-api';
import { consentSchema } from '@/features/consent/schemas';
import { recordConsent } from '@/features/consent/server/record';

/**
 * POST /api/consent { terms, privacy }: the signed-in person agrees to the site's current terms and privacy policy
 * (My page's block after a new version, or a sign-up that reached its steps without the account step's box, e.g.
 * signed in by another service's token). An older version is refused with 409 and nothing changes.
 */
export const agreeToTerms = memberPost<{ host: string }>(async ({ request, site, viewer, db, body }) => {
  // Counted with the sign-up steps: an agreement is one of the writes a sign-up makes.
  await consumeRateLimit(db, 'signup:address', requestAddress(request));
  const parsed = consentSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const member = await recordConsent(db, site, viewer, parsed.data);
  return jsonOk({
    terms: member.termsVersion,
    privacy: member.privacyVersion,
    consentedAt: member.consentedAt,
  });
});
