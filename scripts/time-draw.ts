/**
 * Times freezePresale and drawPresale alone on PostgreSQL, with the seeders of `npm run bench:presale`'s draw step:
 * a fresh database, the demo sites, ENTRIES eligible members and a closed presale of ENTRIES entries over 20
 * performances × 2 seat types (one member in 97 no longer premium: voided). Reports wall time and CPU (this process,
 * and the database's server processes read from /proc) of each, then checks the outcome: the record verifies, every
 * application holds its result and the log holds the record file's hash. `--keep` seeds only and leaves the database.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=react-server --import tsx scripts/time-draw.ts [entries]
 * A against B on a shared host: run it alternately in two checkouts (ratios, never one absolute time).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { connectPostgres } from '@/server/db/client';
import { env } from '@/server/env';
import { runMigrations } from '@/server/db/migrate';
import { drawLog, presaleApplications, presales } from '@/server/db/schema';
import { verifyDrawRecord } from '@/features/presale';
import { drawPresale, freezePresale } from '@/features/presale/server';
import { createFreshDatabase } from './lib/bench-db';
import { seedDemo } from './lib/seed';
import { openPresale, seedEligibleMembers, seedEntries } from './lib/bench-presale-seed';

const ENTRIES = Number(process.argv[2] ?? 100_000);

const fresh = await createFreshDatabase(
  env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  'fc_timedraw_',
);
const handle = connectPostgres(fresh.url, { max: 4 });
try {
  await runMigrations(handle);
  const db = handle.db;
  const sites = await seedDemo(db);
  const mio = sites.find((site) => site.slug === 'mio')!;
  await seedEligibleMembers(db, mio.id, 'pd-mio-', ENTRIES);
  const { presale, offeringIds } = await openPresale(db, mio, 'BENCH', ['S席', 'A席'], 2_000);
  await seedEntries(db, presale.id, 'pd-mio-', ENTRIES, offeringIds);
  // A few members no longer premium at the draw: voided entries.
  await db.execute(sql`update complimentary_grants set revoked_at = now()
    where member_id in (select md5('pd-mio-' || n)::uuid from generate_series(1, ${ENTRIES}::int, 97) as n)`);
  if (process.argv.includes('--keep')) {
    console.log(fresh.url, presale.id);
    process.exit(0);
  }
  const afterClose = new Date(presale.closesAt.getTime() + 1_000);
  // CPU as well as time, for a host shared with other work: this process's (all its threads) and the database's
  // (every server process of this database, read from /proc: the server runs on this machine).
  const backends = async () =>
    (
      (await db.execute(
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )) as unknown as { pid: number }[]
    ).map((row) => row.pid);
  const pgCpuMs = async (pids: number[]) => {
    let total = 0;
    for (const pid of pids) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      const fields = stat?.split(') ')[1]?.split(' ');
      if (fields) total += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    return total;
  };
  const nodeCpuMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const pids = await backends();
  const cpu0 = { node: nodeCpuMs(), pg: await pgCpuMs(pids) };
  let mark = performance.now();
  await freezePresale(db, presale.id, afterClose);
  const freezeMs = performance.now() - mark;
  const cpu1 = { node: nodeCpuMs(), pg: await pgCpuMs(pids) };
  mark = performance.now();
  await drawPresale(db, presale.id, afterClose);
  const drawMs = performance.now() - mark;
  const cpu2 = { node: nodeCpuMs(), pg: await pgCpuMs(pids) };
  const unseen = (await backends()).filter((pid) => !pids.includes(pid));

  const [drawn] = await db
    .select({ file: presales.recordFile })
    .from(presales)
    .where(eq(presales.id, presale.id));
  const file = drawn!.file!;
  const record = JSON.parse(file) as {
    results: { entry: string; outcome: string; rank?: number; offering?: string }[];
    voided: { entry: string; reason: string }[];
  };
  const verification = await verifyDrawRecord(record);
  const rows = await db
    .select({
      receiptNo: presaleApplications.receiptNo,
      status: presaleApplications.status,
      offering: presaleApplications.wonOfferingId,
      rank: presaleApplications.wonRank,
      reason: presaleApplications.voidReason,
    })
    .from(presaleApplications)
    .where(eq(presaleApplications.presaleId, presale.id));
  const byEntry = new Map(rows.map((row) => [row.receiptNo, row]));
  const reasons = new Map(record.voided.map((v) => [v.entry, v.reason]));
  let mismatches = 0;
  for (const result of record.results) {
    const row = byEntry.get(result.entry);
    const ok =
      row &&
      row.status === result.outcome &&
      row.offering === (result.offering ?? null) &&
      row.rank === (result.rank ?? null) &&
      row.reason === (result.outcome === 'void' ? reasons.get(result.entry)! : null);
    if (!ok) mismatches++;
  }
  const [logged] = await db
    .select({ value: drawLog.value })
    .from(drawLog)
    .where(and(eq(drawLog.presaleId, presale.id), eq(drawLog.kind, 'record')));
  const fileHash = createHash('sha256').update(file).digest('hex');
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  console.log(
    JSON.stringify({
      freezeMs: Math.round(freezeMs),
      drawMs: Math.round(drawMs),
      totalMs: Math.round(freezeMs + drawMs),
      freezeCpuMs: { node: Math.round(cpu1.node - cpu0.node), pg: cpu1.pg - cpu0.pg },
      drawCpuMs: { node: Math.round(cpu2.node - cpu1.node), pg: cpu2.pg - cpu1.pg },
      // Server processes opened during the measure (their CPU is not counted): none expected.
      unseenBackends: unseen.length,
      verified: verification.ok,
      mismatches,
      rows: rows.length,
      logMatches: logged?.value === fileHash,
      counts,
    }),
  );
} finally {
  await handle.close();
  await fresh.drop();
}
