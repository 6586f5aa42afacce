import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // Tests run on the server side of the boundary; the marker package only guards client bundles.
      'server-only': path.resolve(import.meta.dirname, 'src/test/empty.ts'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'eslint/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Identity tests run against a real Firebase Auth emulator, started once for the run; database tests copy a
    // database migrated once for the run (src/test/db.ts).
    globalSetup: ['src/test/auth-emulator.global.ts', 'src/test/db-template.global.ts'],
    // Vitest's default on two cores is one worker; much of an integration test is waiting on the emulator or the
    // database, so two keep both cores busy (docs/decisions/0015).
    maxWorkers: 2,
    // Worker threads rather than Vitest's default child processes: each test file still gets a fresh worker of its
    // own (as isolated as before), and a thread starts for far less than a process. Measured on a 2-core host, one
    // run each: the whole run on PGlite 174 s against 284 s, the PostgreSQL integration run 127 s against 133 s.
    pool: 'threads',
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${process.env.VITEST_AUTH_PORT ?? 9299}`,
      FIREBASE_PROJECT_ID: 'demo-fanclub',
      // Tests of other features sign in and save far more from one address than a person would; the rate limits'
      // own tests count at scale 1 (src/server/rate-limit).
      RATE_LIMIT_SCALE: '100',
    },
  },
});
