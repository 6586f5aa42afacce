import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { env } from '@/server/env';
import { connectPostgres, openPglite } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';

/**
 * Vitest global setup: the migrations run once per run, into a template that every test file's database is copied
 * from (src/test/db.ts). On PostgreSQL a template database (CREATE DATABASE … TEMPLATE); on PGlite a dump of the
 * migrated data directory, loaded by each file's in-memory instance.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template: a PostgreSQL database name, or the file holding PGlite's dump. */
    dbTemplate: { kind: 'postgres'; database: string } | { kind: 'pglite'; file: string };
  }
}

async function pgliteTemplate(): Promise<{ file: string; cleanup(): Promise<void> }> {
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite.dumpDataDir('none');
  await handle.close();
  const dir = path.resolve('.data/vitest');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { file, cleanup: () => rm(file, { force: true }) };
}

async function postgresTemplate(url: string): Promise<{ database: string; cleanup(): Promise<void> }> {
  const database = `fc_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = connectPostgres(target.toString(), { max: 1 });
  await runMigrations(handle);
  // A template must have no connection open while it is copied.
  await handle.close();
  return {
    database,
    async cleanup() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export default async function setup(project: TestProject) {
  if (env.DATABASE_URL) {
    const template = await postgresTemplate(env.DATABASE_URL);
    project.provide('dbTemplate', { kind: 'postgres', database: template.database });
    return template.cleanup;
  }
  const template = await pgliteTemplate();
  project.provide('dbTemplate', { kind: 'pglite', file: template.file });
  return template.cleanup;
}
