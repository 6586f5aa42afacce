import { describeAuthError } from '@/features/auth/errors';

/**
 * The codes by which the provider says "not this e-mail and password". Each would tell a stranger something the
 * others do not (no such member, a member with another password), so the sign-in form answers them all alike and
 * nobody learns from it who is a member. The form checks the address's shape first (schemas.ts), so
 * auth/invalid-email here concerns an address the provider merely does not know.
 */
const NOT_THESE_CREDENTIALS = new Set([
  'auth/user-not-found',
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/invalid-email',
]);

export const WRONG_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません。';

/** describeAuthError for the sign-in form: one answer, beside the password, for every wrong pair. */
export function describeSignInError(error: unknown): ReturnType<typeof describeAuthError> {
  const described = describeAuthError(error);
  if (described.code === null || !NOT_THESE_CREDENTIALS.has(described.code)) return described;
  return { code: described.code, message: WRONG_CREDENTIALS, field: 'password' };
}
