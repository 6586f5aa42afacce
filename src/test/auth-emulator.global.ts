import { startAuthEmulator } from '../../scripts/lib/auth-emulator';
import { TEST_AUTH_EMULATOR_PORT } from './auth-emulator';

/** Vitest global setup: one Auth emulator for the whole run, on its own port (vitest.config.ts points tests at it). */
export default async function setup() {
  const emulator = await startAuthEmulator({
    projectId: 'demo-fanclub',
    port: TEST_AUTH_EMULATOR_PORT,
    dir: '.data/vitest-auth',
    quiet: true,
  });
  return () => emulator.stop();
}
