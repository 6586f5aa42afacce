import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/server/db/client';
import { describeIssues, siteFileSchema } from '@/features/site/import-schema';
import { upsertSite, type Site } from '@/features/site/server/repository';

export const DEMO_SITES_DIR = path.resolve('demo/sites');

/** Writes the demo sites; idempotent, so every `npm start` can run it. */
export async function seedDemo(db: Db): Promise<Site[]> {
  const files = (await readdir(DEMO_SITES_DIR)).filter((name) => name.endsWith('.json')).sort();
  const seeded: Site[] = [];
  for (const name of files) {
    const parsed = siteFileSchema.safeParse(
      JSON.parse(await readFile(path.join(DEMO_SITES_DIR, name), 'utf8')),
    );
    if (!parsed.success) throw new Error(`${name}:\n${describeIssues(parsed.error).join('\n')}`);
    seeded.push((await upsertSite(db, parsed.data)).site);
  }
  return seeded;
}
