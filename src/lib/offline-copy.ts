/**
 * The names of what a phone keeps of My page for a day without signal (decision 0054), shared by the page that keeps
 * it, the sign-out that clears it and the service worker that serves it (its source repeats these names).
 *
 * - `fc-offline:<key>`: one member's copy (My page's HTML and the day's codes), the key an opaque HMAC of the account;
 * - `fc-offline-meta`: which copy is current and until when (only that one is ever served);
 * - `fc-offline-static`: the app's own scripts and styles the copy needs (public files, the same for everyone).
 */
export const OFFLINE_PREFIX = 'fc-offline';
export const OFFLINE_COPY = (key: string) => `${OFFLINE_PREFIX}:${key}`;
export const OFFLINE_META = `${OFFLINE_PREFIX}-meta`;
export const OFFLINE_STATIC = `${OFFLINE_PREFIX}-static`;
export const OFFLINE_PAGE = '/mypage';
export const OFFLINE_CODES = '/api/tickets/codes/day';

/** Deletes every offline copy this browser keeps: on sign-out, on a new sign-in, when the account is dropped. */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(OFFLINE_PREFIX)).map((name) => caches.delete(name)),
    );
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}
