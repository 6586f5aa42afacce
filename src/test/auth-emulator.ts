import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import { tenantAuth } from '@/server/firebase-admin';

/** The Auth emulator of the Vitest run (started by auth-emulator.global.ts). */
// VITEST_AUTH_PORT: another port, for a second test run on the same machine (another checkout).
// eslint-disable-next-line no-restricted-properties -- a test switch, read before env.ts exists
export const TEST_AUTH_EMULATOR_PORT = Number(process.env.VITEST_AUTH_PORT ?? 9299);
const BASE = `http://127.0.0.1:${TEST_AUTH_EMULATOR_PORT}`;

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  tenantId: string;
}

/**
 * Resolves once the clock has entered the next whole second. Revocation counts in whole seconds: a token issued in
 * the same second as the revocation would outlive it.
 */
export async function nextWholeSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  await vi.waitFor(
    () => {
      if (Math.floor(Date.now() / 1000) <= second) throw new Error('still the same second');
    },
    { interval: 20, timeout: 2_000 },
  );
}

/** A new user in a tenant, with an address no other test uses. */
export async function createTestUser(tenantId: string): Promise<TestUser> {
  const email = `t-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'test-pass-1';
  const { uid } = await tenantAuth(tenantId).createUser({ email, password });
  return { uid, email, password, tenantId };
}

/** The provider's own password sign-in, as the browser SDK calls it: returns a genuine ID token. */
export async function signInWithPassword(
  user: Pick<TestUser, 'email' | 'password' | 'tenantId'>,
): Promise<{ idToken: string; refreshToken: string }> {
  const response = await fetch(
    `${BASE}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...user, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; refreshToken: string };
}
