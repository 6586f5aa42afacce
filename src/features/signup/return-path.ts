import { sameOriginPath } from '@/lib/safe-path';

/** Longer than any page address of the site; a longer `next` is not a page of ours. */
const MAX_LENGTH = 512;

/** Places that are not a page to come back to: the flow itself (a loop), the APIs, sign-in and the console. */
const NOT_A_PAGE = /^\/(signup|api|login|auth|staff|password-reset)(\/|\?|#|$)/;

/**
 * The page a fan comes back to after joining (the locked item whose 「新規入会」 they pressed), from a `next` parameter
 * of the sign-up flow: a path of this site as a browser reads it (safeNextPath, decision 0019), or null.
 */
export function returnPathOf(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length > MAX_LENGTH) return null;
  const path = sameOriginPath(next, '');
  if (!path || NOT_A_PAGE.test(path)) return null;
  return path;
}
