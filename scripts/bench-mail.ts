/**
 * `npm run bench:mail`: staff's announcement to 10,000 members on PostgreSQL, delivered to a local MailDev (issue 22:
 * queued in one request, delivered within 2 minutes, none twice, none lost). Needs DATABASE_URL (a PostgreSQL server
 * whose user may create databases): it works in a fresh database of its own and drops it afterwards. The mail job
 * runs as the app servers run it (src/server/jobs), under `--instances` runners (one delivers at a time) with
 * `--lanes` delivery rounds at once.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:mail [-- --members 10000 --lanes 2]
 * `--outage`: the mail catcher starts 10 s after the announcement (the mail server is down meanwhile).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { env } from '@/server/env';
import { connectPostgres } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { upsertSite } from '@/features/site/server';
import type { SiteFile } from '@/features/site';
import { createJobRunner } from '@/server/jobs';
import { mailDeliveryJob, sendAnnouncement, smtpMailer } from '@/features/notices/server';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    lanes: { type: 'string', default: '2' },
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '2625' },
    outage: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(values.members);
if (!env.DATABASE_URL) throw new Error('bench:mail needs DATABASE_URL (PostgreSQL).');

const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
const name = `fc_mail_bench_${randomBytes(4).toString('hex')}`;
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(env.DATABASE_URL);
url.pathname = `/${name}`;
const handle = connectPostgres(url.toString(), { max: 10 });
// The bench's own statements (seeding, counting), beside the app's pool.
const bench = postgres(url.toString(), { max: 1, onnotice: () => {} });
const catcherDir = `.data/mail-bench-${name}`;
let catcher = null as MailCatcher | null;

async function main() {
  const db = handle.db;
  await runMigrations(handle);
  const file = JSON.parse(readFileSync('demo/sites/mio.json', 'utf8')) as SiteFile;
  const { site } = await upsertSite(db, file);
  await bench`
    INSERT INTO members (site_id, uid, email, member_number, nickname, joined_at)
    SELECT ${site.id}, 'bench-' || n, 'fan' || n || '@bench.example.com', n, 'ファン' || n, now()
    FROM generate_series(1, ${MEMBERS}::int) AS n`;
  const smtpPort = Number(values.port);
  if (!values.outage) catcher = await startMailCatcher({ smtpPort, dir: catcherDir });

  const actor = {
    siteId: site.id,
    uid: 'bench-owner',
    email: 'owner@bench.example.com',
    displayName: 'bench',
    role: 'owner' as const,
  };
  const queuedAt = Date.now();
  const { recipients } = await sendAnnouncement(db, actor, {
    audience: 'all',
    subject: '年末ライブのお知らせ',
    body: '年末ライブの先行受付を始めます。\n\n詳しくはサイトをご覧ください。',
  });
  const queueMs = Date.now() - queuedAt;
  console.log(`queued: ${recipients} notices in one request, ${queueMs} ms`);

  const runners = Array.from({ length: Number(values.instances) }, (_, n) => {
    const job = mailDeliveryJob({
      mailer: smtpMailer(`smtp://127.0.0.1:${smtpPort}`, { timeoutMs: 10_000, connections: 4 }),
      batchSize: 100,
      lanes: Number(values.lanes),
      everyMs: 200,
    });
    const runner = createJobRunner({ db, jobs: [job], instance: `bench-${n}`, firstDelayMs: 0 });
    runner.start();
    return runner;
  });
  if (values.outage) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    console.log('mail server back after 10 s down');
    catcher = await startMailCatcher({ smtpPort, dir: catcherDir });
  }
  const deadline = queuedAt + 10 * 60_000;
  for (;;) {
    const [row] = await bench<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM notices WHERE mail_status IN ('pending', 'sending')`;
    if (row!.waiting === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const deliveryMs = Date.now() - queuedAt;
  await Promise.all(runners.map((runner) => runner.stop()));

  const seen = new Map<string, number>();
  for (let skip = 0; ; skip += 200) {
    const page = (await (
      await fetch(`${catcher!.webUrl}/api/email/summary?limit=200&skip=${skip}`)
    ).json()) as {
      items: { to: { address: string }[] }[];
    };
    for (const mail of page.items)
      for (const to of mail.to) seen.set(to.address, (seen.get(to.address) ?? 0) + 1);
    if (page.items.length < 200) break;
  }
  const received = [...seen.values()].reduce((sum, n) => sum + n, 0);
  const duplicates = [...seen.values()].filter((n) => n > 1).length;
  const lost = MEMBERS - seen.size;
  console.log(
    JSON.stringify({
      members: MEMBERS,
      queueMs,
      deliveryMs,
      received,
      distinctRecipients: seen.size,
      duplicates,
      lost,
    }),
  );
  console.log(
    `${deliveryMs <= 120_000 && duplicates === 0 && lost === 0 ? 'PASS' : 'FAIL'}: ${received} mails in ${(deliveryMs / 1000).toFixed(1)} s (target 120 s), ${duplicates} twice, ${lost} lost`,
  );
}

try {
  await main();
} finally {
  await catcher?.stop();
  await rm(catcherDir, { recursive: true, force: true });
  await handle.close();
  await bench.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
