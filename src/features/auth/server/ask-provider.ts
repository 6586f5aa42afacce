import 'server-only';
import { AppError } from '@/lib/errors';
import { isTimeoutError, withTimeout } from '@/lib/timeout';

/**
 * One call to the identity provider, bounded: a provider that does not answer in `ms` is treated as out of reach
 * (AUTH_UNAVAILABLE, a 503 with Retry-After), like one that refuses the connection. The bound is kept here rather
 * than inside the Firebase implementation so that it holds for any IdentityProvider, the tests' frozen fakes too.
 */
export async function askProvider<T>(call: () => Promise<T>, ms: number, label: string): Promise<T> {
  try {
    return await withTimeout(call(), ms, label);
  } catch (error) {
    if (isTimeoutError(error)) throw new AppError('AUTH_UNAVAILABLE', undefined, { cause: error });
    throw error;
  }
}
