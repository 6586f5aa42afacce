/**
 * `npm start`: everything the demo needs on the embedded defaults, then the app on http://localhost:PORT.
 * With DATABASE_URL set it uses that PostgreSQL server instead of the embedded PGlite.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { env } from '@/server/env';
import { connectPostgres } from '@/server/db/client';
import { startEmbeddedDb, type EmbeddedDb } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { seedDemo } from './lib/seed';
import { ensureBuild } from './lib/build';

async function main(): Promise<void> {
  const started = Date.now();
  let embedded: EmbeddedDb | null = null;
  if (!env.DATABASE_URL) embedded = await startEmbeddedDb(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? embedded!.url;

  const setup = connectPostgres(databaseUrl, { max: 1 });
  await runMigrations(setup);
  const slugs = await seedDemo(setup.db);
  await setup.close();
  console.log(
    `Database ready (${embedded ? `embedded PGlite in ${env.DATA_DIR}` : 'DATABASE_URL'}); sites: ${slugs.join(', ')}`,
  );

  await ensureBuild(JSON.stringify({ sentry: env.SENTRY_DSN ?? null }));

  const app = spawn(
    process.execPath,
    [path.resolve('node_modules/next/dist/bin/next'), 'start', '--port', String(env.PORT)],
    {
      stdio: 'inherit',
      env: {
        // eslint-disable-next-line no-restricted-properties -- the app inherits this process's environment
        ...process.env,
        DATABASE_URL: databaseUrl,
        // The embedded database multiplexes one session: one connection keeps transactions apart.
        DB_POOL_MAX: embedded ? '1' : String(env.DB_POOL_MAX),
      },
    },
  );
  console.log(`Starting the app at http://localhost:${env.PORT} (setup took ${Date.now() - started} ms)`);

  const stop = async (code: number) => {
    await embedded?.stop().catch(() => {});
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => app.kill(signal));
  }
  app.on('exit', (code) => void stop(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
