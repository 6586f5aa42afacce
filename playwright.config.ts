import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the production build, served by scripts/start.ts on its own port and data directory.
 * Chromium comes from Debian (/usr/bin/chromium); never run `npx playwright install` here.
 */
const PORT = 3100;
const PUBLISHING = /(staff-(content|legal|owner)|two-instances)\.spec\.ts$/;
const PHONE = { browserName: 'chromium' as const, viewport: { width: 390, height: 844 } };
const DESKTOP = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry in CI on this shared 2-core machine; a test that needed it is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', testIgnore: PUBLISHING, use: PHONE },
    { name: 'desktop', testIgnore: PUBLISHING, use: DESKTOP },
    // The staff specs that publish on the shared demo sites (a blog post, a legal page, a plan) run after every
    // other spec, so that no list, page or plan table changes under a spec that counts it.
    { name: 'phone-publishing', testMatch: PUBLISHING, dependencies: ['phone', 'desktop'], use: PHONE },
    { name: 'desktop-publishing', testMatch: PUBLISHING, dependencies: ['phone', 'desktop'], use: DESKTOP },
  ],
  webServer: {
    // A fresh embedded database per run; with DATABASE_URL set, scripts/start.ts uses that PostgreSQL instead.
    command: 'rm -rf .data/e2e && node --conditions=react-server --import tsx scripts/start.ts',
    url: `http://localhost:${PORT}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    // scripts/start.ts forwards SIGTERM to `next start` and stops the embedded database before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // Its own Auth emulator too (e2e/support/auth.ts talks to it on this port).
    env: {
      PORT: String(PORT),
      DATA_DIR: '.data/e2e',
      AUTH_EMULATOR_PORT: '9399',
      // The sandbox's test clock, so that a spec can let a paid period run out.
      SANDBOX_TEST_CLOCK: 'true',
      // Marks every member-only field of the demo content for the leak test (e2e/content-leak.spec.ts).
      SEED_CANARIES: 'true',
    },
  },
});
