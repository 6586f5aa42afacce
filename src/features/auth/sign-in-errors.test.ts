import { describe, expect, it } from 'vitest';
import { describeAuthError } from '@/features/auth/errors';
import { WRONG_CREDENTIALS, describeSignInError } from '@/features/auth/sign-in-errors';

describe('describeSignInError', () => {
  it.each([
    'auth/user-not-found',
    'auth/wrong-password',
    'auth/invalid-credential',
    'auth/invalid-login-credentials',
    'auth/invalid-email',
  ])('answers %s like every other wrong e-mail or password', (code) => {
    expect(describeSignInError({ code })).toEqual({ code, message: WRONG_CREDENTIALS, field: 'password' });
  });

  it('cannot tell an unknown address from a known one with a wrong password', () => {
    const unknown = describeSignInError({ code: 'auth/user-not-found' });
    const known = describeSignInError({ code: 'auth/wrong-password' });
    expect({ ...unknown, code: null }).toEqual({ ...known, code: null });
  });

  it.each([
    'auth/too-many-requests',
    'auth/user-disabled',
    'auth/network-request-failed',
    'auth/missing-password',
  ])('keeps the message of %s', (code) => {
    expect(describeSignInError({ code })).toEqual(describeAuthError({ code }));
  });
});
