// One solver of the sign-up challenge (proof-of-work.ts starts a few): altcha-lib's worker, with the browser's own
// PBKDF2 (WebCrypto), so that the page stays responsive while it works.
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

handler({ deriveKey });
