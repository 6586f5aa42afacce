/**
 * What the browser phase's first start would otherwise do before the app can answer, done ahead by `npm test`
 * (scripts/test.ts) beside the unit and integration tests: the production build (skipped when the sources have not
 * changed, as scripts/start.ts does) and the demo pictures' cache (scripts/lib/seed-content.ts). scripts/start.ts
 * then finds both and only seeds. Two things at once: the build is several threads, the pictures mostly one.
 */
import { env } from '@/server/env';
import { ensureBuild } from './lib/build';
import { warmDemoPictures } from './lib/seed-content';

const started = Date.now();
const [, drawn] = await Promise.all([
  ensureBuild(JSON.stringify({ sentry: env.SENTRY_DSN ?? null })),
  warmDemoPictures(),
]);
console.log(
  `Browser phase prepared in ${Date.now() - started} ms (build checked, ${drawn} demo pictures drawn)`,
);
