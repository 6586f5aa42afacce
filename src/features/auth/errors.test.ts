import { describe, expect, it } from 'vitest';
import { TimeoutError } from '@/lib/timeout';
import { AUTH_ERRORS, FALLBACK_AUTH_ERROR, describeAuthError } from '@/features/auth/errors';

// Spec 8's catalogue, word for word.
const SPEC_CATALOGUE = [
  'invalid-email',
  'wrong-password',
  'email-already-in-use',
  'user-not-found',
  'too-many-requests',
  'user-disabled',
  'network-request-failed',
  'requires-recent-login',
  'invalid-user-token',
  'tenant-id-mismatch',
  'popup-blocked',
  'popup-closed-by-user',
  'unauthorized-domain',
  'password-does-not-meet-requirements',
];
const JAPANESE = /[ぁ-んァ-ヶ一-龠]/;

describe('describeAuthError', () => {
  it.each(SPEC_CATALOGUE)('gives auth/%s its own Japanese message', (code) => {
    const described = describeAuthError({ code: `auth/${code}` });
    expect(described.code).toBe(`auth/${code}`);
    expect(described.message).toMatch(JAPANESE);
    expect(described.message).not.toBe(FALLBACK_AUTH_ERROR);
  });

  it('signs the user out for user-disabled and user-token-expired (spec 8)', () => {
    expect(describeAuthError({ code: 'auth/user-disabled' }).signOut).toBe(true);
    expect(describeAuthError({ code: 'auth/user-token-expired' }).signOut).toBe(true);
    expect(describeAuthError({ code: 'auth/wrong-password' }).signOut).toBeUndefined();
    expect(describeAuthError({ code: 'auth/too-many-requests' }).signOut).toBeUndefined();
  });

  it('puts field errors beside their field and the rest in a toast', () => {
    expect(describeAuthError({ code: 'auth/invalid-email' }).field).toBe('email');
    expect(describeAuthError({ code: 'auth/email-already-in-use' }).field).toBe('email');
    expect(describeAuthError({ code: 'auth/wrong-password' }).field).toBe('password');
    expect(describeAuthError({ code: 'auth/password-does-not-meet-requirements' }).field).toBe('newPassword');
    expect(describeAuthError({ code: 'auth/network-request-failed' }).field).toBeUndefined();
  });

  it('tells the fan to try again, in a toast, when the provider did not answer in time', () => {
    const described = describeAuthError(new TimeoutError('signInWithEmailAndPassword', 10_000));
    expect(described.code).toBe('auth/timeout');
    expect(described.message).toBe('認証サーバーに接続できませんでした。時間をおいて再度お試しください。');
    expect(described.field).toBeUndefined();
    expect(described.signOut).toBeUndefined();
  });

  it('answers anything else with the general message', () => {
    expect(describeAuthError(new Error('boom')).message).toBe(FALLBACK_AUTH_ERROR);
    expect(describeAuthError({ code: 'auth/something-new' }).message).toBe(FALLBACK_AUTH_ERROR);
    expect(describeAuthError(null).code).toBeNull();
  });

  it('has no English message anywhere in the catalogue', () => {
    for (const entry of Object.values(AUTH_ERRORS)) expect(entry.message).toMatch(JAPANESE);
  });
});
