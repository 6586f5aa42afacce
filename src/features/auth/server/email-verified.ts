import 'server-only';
import { AppError } from '@/lib/errors';
import type { Viewer } from '@/features/auth/server/resolve-viewer';

/**
 * The payment's guard (decision 0027): only an address the person confirmed through the provider's mail may pay.
 * The answer is the provider's, read for this request (a fresh viewer), never the browser's word; a viewer whose
 * state was not read is refused too, so a route that forgot `fresh` cannot take money from an unconfirmed address.
 */
export function assertEmailVerified(viewer: Viewer): void {
  if (viewer.emailVerified !== true) throw new AppError('EMAIL_UNVERIFIED');
}
