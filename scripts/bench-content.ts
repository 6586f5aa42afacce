/**
 * `npm run bench:content`: the cost of a content list page. listSection is the whole database work of a section
 * page and of `GET /api/content/{section}?cursor=`: one keyset query on content_items_list_idx, then one query for
 * the covers of the items the viewer may open. Seeds one section of the demo site with 100 items (1 in 3 with a
 * cover, 1 in 4 open to everyone), times the first page, a middle page reached by a real cursor and the last page
 * for a premium member and a visitor, then grows the section to 100,000 items and times the same again. Prints
 * median, p95 and p99 per case, the 100,000 / 100 ratio of the medians, and the plan of the middle page's query.
 * Uses DATABASE_URL when set (a fresh database, dropped afterwards), else PGlite in memory.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { openBenchDatabase } from './lib/bench-db';
import { contentItems } from '@/server/db/schema';
import { upsertSite } from '@/features/site/server';
import { listSection, PAGE_SIZE, PUBLIC_COLUMNS, visible, type ViewContext } from '@/features/content/server';
import { decodeCursor, encodeCursor } from '@/features/content';
import type { ViewerLevel } from '@/features/content';
import { demoSiteFile } from '@/test/site-fixtures';

const SECTION = 'blog';
const SIZES = [100, 100_000] as const;
const VIEWERS: ViewerLevel[] = ['premium', 'visitor'];
const SAMPLES = 300;
const MIN_SAMPLES = 50;
const WARM_UP = 20;
/** Keeps a run on PGlite within a few minutes even when a page costs tens of milliseconds. */
const CASE_BUDGET_MS = 15_000;
const WALK_BUDGET_MS = 45_000;
/** Items of the measured section are this far apart, newest one minute before the run starts. */
const STEP_SECONDS = 600;
const COVER_VARIANTS = JSON.stringify([
  { name: 'w640', key: 'k', contentType: 'image/webp', byteSize: 1, width: 640, height: 400 },
]);

/** db.execute answers an array (postgres-js) or { rows } (PGlite). */
async function rowsOf(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Items from..to of the measured section, item n published n steps before `newest`, with a deterministic id so
 * the covers can be inserted for the same n. Every n also gets a 'news' item (another section of the same site, in
 * the same indexes), and the first batch adds 5 scheduled items in the future, which no list may show.
 */
async function seed(db: Db, siteId: string, newest: Date, from: number, to: number) {
  const base = sql`${newest.toISOString()}::timestamptz`;
  const step = sql.raw(`interval '${STEP_SECONDS} seconds'`);
  await db.execute(sql`
    insert into content_items (id, site_id, section, title, teaser, body_html, open_to_all, state, published_at)
    select md5('bench-' || n)::uuid, ${siteId}, ${SECTION}, 'Bench item ' || n, 'Teaser of item ' || n,
           '<p>Body of item ' || n || '</p>', n % 4 = 0, 'published', ${base} - n * ${step}
    from generate_series(${from}::int, ${to}::int) as n`);
  await db.execute(sql`
    insert into media (site_id, item_id, kind, role, position, file_name, content_type, byte_size, width, height,
                       variants)
    select ${siteId}, md5('bench-' || n)::uuid, 'image', 'cover', 0, 'cover-' || n || '.webp', 'image/webp', 1,
           640, 400, ${COVER_VARIANTS}::jsonb
    from generate_series(${from}::int, ${to}::int) as n
    where n % 3 = 0`);
  await db.execute(sql`
    insert into content_items (site_id, section, title, state, published_at)
    select ${siteId}, 'news', 'Bench news ' || n, 'published', ${base} - n * ${step} + interval '1 second'
    from generate_series(${from}::int, ${to}::int) as n`);
  if (from === 1) {
    await db.execute(sql`
      insert into content_items (site_id, section, title, state, published_at)
      select ${siteId}, ${SECTION}, 'Bench scheduled ' || n, 'published', now() + n * interval '1 day'
      from generate_series(1, 5) as n`);
  }
  await db.execute(sql`analyze content_items`);
  await db.execute(sql`analyze media`);
}

/** Up to `calls` timed calls, fewer when they take longer than CASE_BUDGET_MS together (slow PGlite cases). */
async function time(calls: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  const started = Date.now();
  for (let i = 0; i < calls && (i < MIN_SAMPLES || Date.now() - started < CASE_BUDGET_MS); i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const pick = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

interface Result {
  items: number;
  name: string;
  samples: number;
  median: number;
  p95: number;
  p99: number;
}

/**
 * Every page's cursor, in order (cursors[i] opens page i + 2), from one ordered read of the list's keys. Then
 * pages are walked through listSection from the first, for at most WALK_BUDGET_MS, and each nextCursor must equal
 * the one computed, so the timed cursors are the ones a reader paging through the list would send.
 */
async function pageCursors(db: Db, ctx: ViewContext, expected: number): Promise<string[]> {
  const keys = await db
    .select({ publishedAt: contentItems.publishedAt, id: contentItems.id })
    .from(contentItems)
    .where(and(visible(ctx.site.id, ctx.now), eq(contentItems.section, SECTION)))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id));
  if (keys.length !== expected) throw new Error(`${keys.length} visible items, expected ${expected}`);
  const cursors: string[] = [];
  for (let end = PAGE_SIZE; end < keys.length; end += PAGE_SIZE) cursors.push(encodeCursor(keys[end - 1]!));

  const started = Date.now();
  let cursor: string | null = null;
  let walked = 0;
  let lastReport = started;
  do {
    const page = await listSection(db, ctx, SECTION, { cursor });
    const want = cursors[walked] ?? null;
    if (page.nextCursor !== want) throw new Error(`page ${walked + 1}: listSection's cursor differs`);
    cursor = page.nextCursor;
    walked += 1;
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      console.log(`  walked ${walked.toLocaleString('en-US')} pages (${lastReport - started} ms)`);
    }
  } while (cursor && Date.now() - started < WALK_BUDGET_MS);
  const pages = cursors.length + 1;
  console.log(
    walked === pages
      ? `  walked all ${pages.toLocaleString('en-US')} pages of ${PAGE_SIZE} through listSection in ${Date.now() - started} ms; every cursor matched`
      : `  walked ${walked.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')} pages through listSection in ${Date.now() - started} ms (budget ${WALK_BUDGET_MS / 1000} s), every cursor matched; the rest come from the ordered key read`,
  );
  return cursors;
}

/** The list query of listSection, as items.ts builds it, for EXPLAIN. */
function listQuery(db: Db, ctx: ViewContext, cursor: string) {
  const after = decodeCursor(cursor);
  return db
    .select(PUBLIC_COLUMNS)
    .from(contentItems)
    .where(
      and(
        visible(ctx.site.id, ctx.now),
        eq(contentItems.section, SECTION),
        sql`(${contentItems.publishedAt}, ${contentItems.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(PAGE_SIZE + 1);
}

/** The statement with its parameters written in as literals, so EXPLAIN can run it on either driver. */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = query.params[Number(index) - 1];
    if (typeof value === 'number') return String(value);
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `'${text.replaceAll("'", "''")}'`;
  });
}

function printTable(results: Result[]) {
  const small = new Map(results.filter((r) => r.items === SIZES[0]).map((r) => [r.name, r.median]));
  const header = [
    'items',
    'case',
    'samples',
    'median ms',
    'p95 ms',
    'p99 ms',
    `median ${SIZES[1]} / ${SIZES[0]}`,
  ];
  const rows = results.map((r) => {
    const base = small.get(r.name);
    return [
      r.items.toLocaleString('en-US'),
      r.name,
      String(r.samples),
      r.median.toFixed(3),
      r.p95.toFixed(3),
      r.p99.toFixed(3),
      r.items === SIZES[0] || base === undefined ? '' : (r.median / base).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const runStarted = Date.now();
  const { handle, label, cleanup } = await openBenchDatabase();
  try {
    await runMigrations(handle);
    const [{ version } = { version: '?' }] = (await rowsOf(handle.db, sql`select version() as version`)) as {
      version: string;
    }[];
    console.log(`Content list benchmark on ${label}: ${version}`);
    const { site } = await upsertSite(handle.db, demoSiteFile('mio'));
    const now = new Date();
    const newest = new Date(now.getTime() - 60_000);
    const results: Result[] = [];
    let middleCursor = '';
    let seeded = 0;

    for (const size of SIZES) {
      const seedStarted = Date.now();
      await seed(handle.db, site.id, newest, seeded + 1, size);
      seeded = size;
      console.log(
        `Seeded '${SECTION}' to ${size.toLocaleString('en-US')} items + ANALYZE in ${Date.now() - seedStarted} ms`,
      );
      const premium: ViewContext = { site, viewer: 'premium', now };
      const cursors = await pageCursors(handle.db, premium, size);
      middleCursor = cursors[Math.floor(cursors.length / 2)]!;
      const lastCursor = cursors.at(-1)!;
      console.log(`  middle = page ${Math.floor(cursors.length / 2) + 2}, last = page ${cursors.length + 1}`);
      for (const viewer of VIEWERS) {
        const ctx: ViewContext = { site, viewer, now };
        const cases: [string, string | null][] = [
          ['first page', null],
          ['middle page', middleCursor],
          ['last page', lastCursor],
        ];
        for (const [name, cursor] of cases) {
          const call = () => listSection(handle.db, ctx, SECTION, { cursor });
          await time(WARM_UP, call);
          const samples = await time(SAMPLES, call);
          const result = {
            items: size,
            name: `${viewer}, ${name}`,
            samples: samples.length,
            median: pick(samples, 0.5),
            p95: pick(samples, 0.95),
            p99: pick(samples, 0.99),
          };
          results.push(result);
          console.log(
            `  ${result.name}: median ${result.median.toFixed(3)} ms (${samples.length} samples, ${Date.now() - runStarted} ms so far)`,
          );
        }
      }
    }

    console.log(
      `\nlistSection('${SECTION}') on ${label}, page size ${PAGE_SIZE}, up to ${SAMPLES} samples per case after ${WARM_UP} warm-up calls`,
    );
    printTable(results);

    const query = listQuery(handle.db, { site, viewer: 'premium', now }, middleCursor).toSQL();
    console.log(`\nThe list query (middle page, ${SIZES[1].toLocaleString('en-US')} items):\n${query.sql}`);
    console.log(`params: ${JSON.stringify(query.params)}\n`);
    const plan = await rowsOf(handle.db, sql.raw(`explain (analyze, buffers) ${inline(query)}`));
    const lines = plan.map((row) => String(row['QUERY PLAN']));
    for (const line of lines) console.log(line);
    const index = lines.join('\n').match(/Index (?:Only )?Scan using (\w+)/)?.[1];
    const sorted = lines.some((line) => /\b(Sort|Seq Scan)\b/.test(line));
    console.log(
      index === 'content_items_list_idx' && !sorted
        ? '\nThe page is an index range scan on content_items_list_idx, in index order (no sort).'
        : index && !sorted
          ? `\nNOTE: an index range scan in index order, but on ${index}, not content_items_list_idx.`
          : '\nWARNING: the list query does not read content_items_list_idx in order: a page reads and sorts every item of the section after its cursor.',
    );
    console.log(`\nTotal run time ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
