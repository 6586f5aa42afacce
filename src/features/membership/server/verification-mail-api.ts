import 'server-only';
import { jsonOk } from '@/server/http/responses';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { memberPost } from './member-post';

/**
 * POST /api/account/verification-mail: the payment step's 確認メールを再送する asks here first. Counted per account
 * (RATE_LIMITS 'verify-mail:account'); the answer says whether the provider already has the address confirmed, so
 * that the browser sends the provider's mail (Firebase's sendEmailVerification) only when it is still needed. The
 * provider counts its own sends as well.
 */
export const askForVerificationMail = memberPost<{ host: string }>(
  async ({ site, viewer, db }) => {
    await consumeRateLimit(db, 'verify-mail:account', `${site.id}:${viewer.uid}`);
    return jsonOk({ verified: viewer.emailVerified === true });
  },
  { fresh: true },
);
