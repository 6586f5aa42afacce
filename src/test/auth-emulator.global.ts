import { startTestAuthEmulator } from '../../scripts/lib/auth-emulator';
import { TEST_AUTH_EMULATOR_PORT } from './auth-emulator';

/**
 * Vitest global setup: one Auth emulator for the whole run, on its own port (vitest.config.ts points tests at it),
 * unless the caller runs one there already (VITEST_AUTH_EMULATOR=running). Tests make their users with fresh
 * addresses, so that runs and files may share one.
 */
export default async function setup() {
  // npm test (scripts/test.ts) starts one for both of its Vitest runs, beside its static checks: 10 s and more each.
  // eslint-disable-next-line no-restricted-properties -- a test switch, read before env.ts exists
  if (process.env.VITEST_AUTH_EMULATOR === 'running') return;
  const emulator = await startTestAuthEmulator(TEST_AUTH_EMULATOR_PORT);
  return () => emulator.stop();
}
