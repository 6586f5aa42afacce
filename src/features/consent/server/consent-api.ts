import 'server-only';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { requestAddress } from '@/server/http/client-address';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { memberPost } from '@/features/membership/app';
import { currentVersions } from '@/features/consent/server/current';
import { consentSchema } from '@/features/auth';
import { recordConsent } from '@/features/consent/server/record';

/**
 * POST /api/consent { terms, privacy }: the signed-in person agrees to the site's current terms and privacy policy
 * (My page's block after a new version, or a sign-up that reached its steps without the account step's box, e.g.
 * signed in by another service's token). An older version is refused with 409 and nothing changes.
 */
export const agreeToTerms = memberPost<{ host: string }>(async ({ request, site, viewer, db, body }) => {
  // Counted with the sign-up steps: an agreement is one of the writes a sign-up makes.
  await consumeRateLimit(db, 'signup:account', `${site.id}:${viewer.uid}`);
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

/** GET /api/consent: the versions a person agrees to now (public: the pages themselves are). */
export async function readCurrentVersions(_request: Request, context: { params: Promise<{ host: string }> }) {
  try {
    const site = await getSite((await context.params).host);
    if (!site) return jsonError('NOT_FOUND');
    const current = await currentVersions(await getDb(), site);
    return jsonOk({ terms: current.terms?.version ?? null, privacy: current.privacy?.version ?? null });
  } catch (error) {
    return jsonFromError(error);
  }
}
