import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run } from './process';

const BUILD_INPUTS = [
  'src',
  'public',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
  // It changes code the build bundles (postgres.js), after every install.
  'scripts/patch-postgres.mjs',
];
const STAMP = path.resolve('.next/source-hash');
/** The production process's entry, compiled with the app (scripts/build-server.mjs, docs/decisions/0040). */
export const SERVER_ENTRY = path.resolve('dist/main.mjs');

/**
 * Measured with `npm run bench` (docs/decisions/0012): about 280 MiB under load instead of 450-560. The heap bound
 * leaves room for every route loaded at once (the whole end-to-end suite on one server): 192 MiB was too little, and
 * 256 MiB ran out (heap at 248 MiB) once konbini, receipts, notices, consent and the presale added their routes.
 */
export const APP_SERVER_FLAGS = ['--max-old-space-size=320', '--max-semi-space-size=8'];

async function hashInputs(extra: string): Promise<string> {
  const hash = createHash('sha256').update(extra);
  async function add(entry: string): Promise<void> {
    const dirents = await readdir(entry, { withFileTypes: true }).catch(() => null);
    if (!dirents) {
      // Tests are not part of the app: editing one must not force a rebuild.
      if (/\.test\.tsx?$/.test(entry)) return;
      const content = await readFile(entry).catch(() => null);
      if (content) hash.update(entry).update(content);
      return;
    }
    for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
      await add(path.join(entry, dirent.name));
    }
  }
  for (const input of BUILD_INPUTS) await add(input);
  return hash.digest('hex');
}

/** Runs `next build` unless the last build was made from the same sources and public settings. */
export async function ensureBuild(publicSettings: string): Promise<void> {
  const hash = await hashInputs(publicSettings);
  const previous = await readFile(STAMP, 'utf8').catch(() => null);
  const buildId = await readFile('.next/BUILD_ID', 'utf8').catch(() => null);
  const entry = await readFile(SERVER_ENTRY).catch(() => null);
  if (previous === hash && buildId && entry) return;
  console.log('Building the app for production (first start or changed sources)...');
  await run(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'build'], {
    // eslint-disable-next-line no-restricted-properties -- the build inherits this process's environment
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  await run(process.execPath, [path.resolve('scripts/build-server.mjs')]);
  await writeFile(STAMP, hash);
}
