/**
 * `npm run site -- upsert <file.json>`: adds or updates a site from a JSON file (see demo/sites/), validated first.
 * `npm run site -- validate <file.json>`: only validates. `npm run site -- list`: the sites and their hosts.
 * A running app shows the change within SITE_CACHE_TTL_MS; nothing is rebuilt.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { isAppError } from '@/lib/errors';
import { siteHosts, sites } from '@/server/db/schema';
import { describeIssues, siteFileSchema, type SiteFile } from '@/features/site';
import { upsertSite } from '@/features/site/server';
import { openToolDatabase } from './lib/database';

const USAGE = 'usage: npm run site -- upsert <file.json> | validate <file.json> | list';

async function readSiteFile(file: string): Promise<SiteFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} を JSON として読めません: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = siteFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = describeIssues(parsed.error);
    throw new Error(
      `${file} に ${lines.length} 件の誤りがあります:\n${lines.map((l) => `  - ${l}`).join('\n')}`,
    );
  }
  return parsed.data;
}

async function main([command, file]: string[]): Promise<void> {
  if (command === 'validate' && file) {
    await readSiteFile(file);
    console.log(`${file}: OK`);
  } else if (command === 'upsert' && file) {
    const siteFile = await readSiteFile(file);
    const handle = await openToolDatabase();
    try {
      const { site, created } = await upsertSite(handle.db, siteFile);
      console.log(
        `サイト ${site.slug} を${created ? '追加' : '更新'}しました (${siteFile.hosts.join(', ')})`,
      );
    } finally {
      await handle.close();
    }
  } else if (command === 'list') {
    const handle = await openToolDatabase();
    try {
      const rows = await handle.db
        .select({ slug: sites.slug, host: siteHosts.host })
        .from(siteHosts)
        .innerJoin(sites, eq(sites.id, siteHosts.siteId));
      for (const row of rows) console.log(`${row.slug}\t${row.host}`);
    } finally {
      await handle.close();
    }
  } else {
    throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(isAppError(error) || error instanceof Error ? error.message : error);
  process.exit(1);
});
