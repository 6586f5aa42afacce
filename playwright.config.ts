import { existsSync } from 'node:fs';
import { defineConfig, type Project } from '@playwright/test';

/**
 * End-to-end tests against the production build, served by scripts/start.ts on its own port and data directory.
 * Chromium comes from Debian; never run `npx playwright install` here.
 */
// E2E_PORT / E2E_AUTH_PORT: other ports, for a second run on the same machine (another checkout).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const AUTH_PORT = process.env.E2E_AUTH_PORT ?? '9399';
// offline-ticket.spec.ts also runs after the rest: it shows and checks in a ticket of the second site's premium
// member, whose other ticket resale.spec.ts moves to another member meanwhile.
const PUBLISHING = /(staff-(content|legal|owner)|two-instances|offline-ticket)\.spec\.ts$/;
/**
 * A test runs once, at 1280 px, unless the width changes what it proves (docs/decisions/0015): tagged @both-widths it
 * runs at 390 px as well, tagged @phone at 390 px only.
 */
const AT_PHONE = /@phone|@both-widths/;
/**
 * npm test runs the tests tagged @postgres on PostgreSQL after this pass (scripts/test.ts sets E2E_POSTGRES_FOLLOWS):
 * they run there only, once, on the engine production uses (docs/decisions/0015). Run on its own, this pass runs them.
 */
const ON_POSTGRES_LATER = process.env.E2E_POSTGRES_FOLLOWS === '1' ? [/@postgres/] : [];
const NOT_AT_DESKTOP = [/@phone/, ...ON_POSTGRES_LATER];
const NOT_AT_PHONE = ON_POSTGRES_LATER;
/**
 * Debian's old headless shell (package chromium-headless-shell: the same Chromium and Blink as /usr/bin/chromium,
 * without the browser's own layers) runs the suite on about two thirds of the full browser's CPU
 * (docs/decisions/0015). E2E_CHROMIUM names another build: /usr/bin/chromium for the full browser, which is also
 * the one used where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const PHONE = { browserName: 'chromium' as const, viewport: { width: 390, height: 844 } };
const DESKTOP = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };

const SESSIONS = { name: 'sessions', testMatch: /sessions\.setup\.ts$/, use: DESKTOP };

const PROJECTS: Project[] = [
  // Signs in each demo account the specs use once, through the form (e2e/support/sessions.ts).
  SESSIONS,
  {
    name: 'desktop',
    testIgnore: PUBLISHING,
    grepInvert: NOT_AT_DESKTOP,
    dependencies: ['sessions'],
    use: DESKTOP,
  },
  {
    name: 'phone',
    testIgnore: PUBLISHING,
    grep: AT_PHONE,
    grepInvert: NOT_AT_PHONE,
    dependencies: ['sessions'],
    use: PHONE,
  },
  // The staff specs that publish on the shared demo sites (a blog post, a legal page, a plan) run after every
  // other spec, so that no list, page or plan table changes under a spec that counts it.
  {
    name: 'desktop-publishing',
    testMatch: PUBLISHING,
    grepInvert: NOT_AT_DESKTOP,
    dependencies: ['desktop', 'phone'],
    use: DESKTOP,
  },
  {
    name: 'phone-publishing',
    testMatch: PUBLISHING,
    grep: AT_PHONE,
    grepInvert: NOT_AT_PHONE,
    dependencies: ['desktop', 'phone'],
    use: PHONE,
  },
];

/**
 * npm test's PostgreSQL pass (scripts/test.ts sets E2E_POSTGRES=1): the tests tagged @postgres, those whose outcome
 * depends on the database engine, once at 1280 px. Filtering here rather than with --grep keeps the projects these
 * depend on from running whole.
 */
const POSTGRES_PROJECTS: Project[] = [
  SESSIONS,
  { name: 'desktop', testIgnore: PUBLISHING, grep: /@postgres/, dependencies: ['sessions'], use: DESKTOP },
  {
    name: 'desktop-publishing',
    testMatch: PUBLISHING,
    grep: /@postgres/,
    dependencies: ['desktop'],
    use: DESKTOP,
  },
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries: a flaky test is fixed, not retried into passing.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never' }],
    // npm test (scripts/test.ts) names a file for the JSON report, which its summary line counts.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ['json']] : []),
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ja-JP',
    // Recording traces costs this 2-core machine a quarter of the suite's time, even for tests that pass
    // (docs/decisions/0015): a failure keeps a screenshot and its error context; `--trace on` records one.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
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
  projects: process.env.E2E_POSTGRES === '1' ? POSTGRES_PROJECTS : PROJECTS,
  webServer: {
    // A fresh embedded database per run; with DATABASE_URL set, scripts/start.ts uses that PostgreSQL instead.
    command: 'rm -rf .data/e2e && node --conditions=react-server --import tsx scripts/start.ts',
    url: `http://localhost:${PORT}/`,
    // The first start builds the app: 2-3 minutes on a quiet two-core machine, far more beside other work.
    timeout: 900_000,
    reuseExistingServer: false,
    // scripts/start.ts forwards SIGTERM to `next start` and stops the embedded database before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // Its own Auth emulator too (e2e/support/auth.ts talks to it on this port).
    env: {
      PORT: String(PORT),
      DATA_DIR: '.data/e2e',
      AUTH_EMULATOR_PORT: AUTH_PORT,
      // Its own mail catcher, derived from the app's port so that parallel runs never share one (e2e/support/mail.ts).
      MAIL_CATCHER_PORT: String(PORT + 30),
      // Its own media server for the live streams (decision 0050): HLS and RTMP ports derived from the app's too.
      LIVE_HTTP_PORT: String(PORT + 90),
      LIVE_RTMP_PORT: String(PORT + 91),
      // The sandbox's test clock, so that a spec can let a paid period run out.
      SANDBOX_TEST_CLOCK: 'true',
      // Marks every member-only field of the demo content for the leak test (e2e/content-leak.spec.ts).
      SEED_CANARIES: 'true',
      // The second site's premium member holds tickets for a show today (e2e/offline-ticket.spec.ts, decision 0054).
      SEED_SHOW_TODAY: 'true',
      // Every spec's browser comes from one address and signs in, signs up and publishes far more than a person.
      RATE_LIMIT_SCALE: '50',
    },
  },
});
