import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/server/env';
import { connectPostgres, type Db, type DbHandle } from '@/server/db/client';
import { rowsOf } from '@/server/db/raw';
import { createTestDb } from '@/test/db';
import { createJobRunner, defineJob, listJobStatus, type Job, type JobRunner } from '@/server/jobs';

let handle: Awaited<ReturnType<typeof createTestDb>>;
/** A second pool on the same database where there can be one (PostgreSQL): two instances, not two runners of one. */
let other: DbHandle | null = null;
const runners: JobRunner[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  if (handle.kind === 'postgres') {
    const [row] = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    const url = new URL(env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    other = connectPostgres(url.toString(), { max: 4 });
  }
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await handle.db.execute(sql`delete from job_runs`);
});

afterAll(async () => {
  await other?.close();
  await handle.drop();
});

function start(
  jobs: Job[],
  options: { db?: Db; instance?: string; stopWaitMs?: number; busy?: () => boolean } = {},
) {
  const runner = createJobRunner({ db: handle.db, jobs, firstDelayMs: 0, ...options });
  runners.push(runner);
  runner.start();
  return runner;
}

const statusOf = async (name: string) => (await listJobStatus(handle.db)).find((job) => job.name === name);

/** Resolves after `ms`, or at once when the signal aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

describe('the job runner', () => {
  it('runs a job once per due time with two runners on one database', async () => {
    const EVERY = 150;
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const job = defineJob({
      name: 'test-once',
      label: '一度だけ',
      everyMs: EVERY,
      timeoutMs: 5_000,
      async run() {
        starts.push(Date.now());
        most = Math.max(most, ++running);
        await sleep(40);
        running--;
      },
    });
    start([job], { instance: 'first' });
    start([job], { instance: 'second', db: other?.db ?? handle.db });
    await expect.poll(() => starts.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    expect(most).toBe(1);
    // Each run starts a full period after the one before ended: never two runs for one due time.
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(EVERY);
    expect(await statusOf('test-once')).toMatchObject({ state: 'idle', failures: 0, holder: null });
  });

  it('lets a due job wait while a crowd is being answered, and runs it once the crowd is gone', async () => {
    let crowd = true;
    let runs = 0;
    const job = defineJob({
      name: 'test-crowd',
      label: '混雑',
      everyMs: 50,
      timeoutMs: 1_000,
      run: async () => void runs++,
    });
    start([job], { busy: () => crowd });
    await sleep(1_500);
    expect(runs).toBe(0);
    crowd = false;
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
  });

  it("waits between a run's items while a crowd comes, and goes on once it is gone", async () => {
    let crowd = false;
    const items: number[] = [];
    let release: () => void = () => {};
    const crowdCame = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob({
      name: 'test-crowd-mid-run',
      label: '混雑（実行中）',
      everyMs: 60_000,
      timeoutMs: 30_000,
      async run({ crowd: waitForCrowd }) {
        for (let item = 0; item < 3; item++) {
          await waitForCrowd();
          items.push(item);
          if (item === 0) await crowdCame;
        }
      },
    });
    start([job], { busy: () => crowd });
    await expect.poll(() => items.length, { timeout: 5_000 }).toBe(1);
    crowd = true;
    release();
    await sleep(1_500);
    expect(items).toEqual([0]);
    crowd = false;
    await expect.poll(() => items.length, { timeout: 5_000 }).toBe(3);
  });

  it('records a run past its timeout as failed, and runs the next', async () => {
    const signals: AbortSignal[] = [];
    const job = defineJob({
      name: 'test-timeout',
      label: '時間切れ',
      everyMs: 50,
      timeoutMs: 200,
      async run({ signal }) {
        signals.push(signal);
        // The first run hangs and ignores its signal; the runner must not wait for it.
        if (signals.length === 1) return new Promise<void>(() => {});
      },
    });
    start([job]);
    await expect.poll(() => signals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(signals[0]!.aborted).toBe(true);
    const status = await statusOf('test-timeout');
    expect(status!.failure).toBe('制限時間（0.2秒）を過ぎたため打ち切りました');
    expect(status!.failedAt).not.toBeNull();
    await expect.poll(async () => (await statusOf('test-timeout'))!.succeededAt).not.toBeNull();
  });

  it('shows a run whose instance died as stuck, and takes it over once its lease ends', async () => {
    const job = defineJob({
      name: 'test-dead',
      label: '停止',
      everyMs: 50,
      timeoutMs: 1_000,
      run: async () => {},
    });
    const ran: string[] = [];
    await handle.db.execute(sql`
      insert into job_runs (name, label, every_ms, timeout_ms, due_at, run_id, holder, started_at, lease_until)
      values ('test-dead', '停止', 50, 1000, now(), gen_random_uuid(), 'gone:1', now() - interval '2 s',
        now() - interval '1 s')`);
    expect(await statusOf('test-dead')).toMatchObject({ state: 'stuck', holder: 'gone:1' });
    start([{ ...job, run: async () => void ran.push('ran') }]);
    await expect.poll(() => ran.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await statusOf('test-dead'))!.failures).toBe(0);
    const status = await statusOf('test-dead');
    expect(status!.failure).toBe('終了が記録されないまま打ち切られました（gone:1）');
    expect(status!.succeededAt!.getTime()).toBeGreaterThan(status!.failedAt!.getTime());
  });

  it("takes over at once a lease of this machine's process that is gone", async () => {
    // Above Linux's largest process id: no process has it.
    const gone = `${hostname()}:4194305`;
    await handle.db.execute(sql`
      insert into job_runs (name, label, every_ms, timeout_ms, due_at, run_id, holder, started_at, lease_until)
      values ('test-restart', '再起動', 50, 600000, now(), gen_random_uuid(), ${gone}, now(), now() + interval '10 min')`);
    let ran = 0;
    start([
      defineJob({
        name: 'test-restart',
        label: '再起動',
        everyMs: 50,
        timeoutMs: 600_000,
        run: async () => void ran++,
      }),
    ]);
    await expect.poll(() => ran, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => (await statusOf('test-restart'))!.failure)
      .toBe(`終了が記録されないまま打ち切られました（${gone}）`);
  });

  it('takes its own lease back after an outage between the claim and the end, instead of holding it to the timeout', async () => {
    // The database as the outage leaves it: the next statement fails before it runs (down), and the next claim that
    // takes the lease commits but its answer never arrives (a crash after the commit).
    let downNext = false;
    let loseClaim = false;
    const flaky = new Proxy(handle.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<Db['execute']>) => {
          if (downNext) {
            downNext = false;
            throw new Error('connect ECONNREFUSED');
          }
          const result = await target.execute(...args);
          if (loseClaim && rowsOf<{ claimed?: number }>(result)[0]?.claimed === 1) {
            loseClaim = false;
            throw new Error('connection lost');
          }
          return result;
        };
      },
    });
    let runs = 0;
    start(
      [
        defineJob({
          name: 'test-outage',
          label: '障害',
          everyMs: 50,
          timeoutMs: 600_000,
          async run() {
            // The first run's end is not recorded (down), and the claim of the next is lost.
            if (++runs === 1) [downNext, loseClaim] = [true, true];
            throw new Error('データベースに接続できません');
          },
        }),
      ],
      { db: flaky as Db },
    );
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect([downNext, loseClaim]).toEqual([false, false]);
    await expect.poll(async () => (await statusOf('test-outage'))!.failures).toBeGreaterThanOrEqual(2);
    expect((await statusOf('test-outage'))!.failure).toBe('データベースに接続できません');
  });

  it('records a failure with its message, and a success clears it', async () => {
    let calls = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const job = defineJob({
      name: 'test-failure',
      label: '失敗',
      everyMs: 50,
      timeoutMs: 5_000,
      async run() {
        if (++calls === 1) throw new Error('決済サービスに接続できません');
        await gate;
      },
    });
    start([job], { instance: 'this-one' });
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(2);
    expect(await statusOf('test-failure')).toMatchObject({
      state: 'running',
      holder: 'this-one',
      failures: 1,
      failure: '決済サービスに接続できません',
    });
    open();
    await expect.poll(async () => (await statusOf('test-failure'))!.failures).toBe(0);
    const status = await statusOf('test-failure');
    expect(status!.succeededAt!.getTime()).toBeGreaterThan(status!.failedAt!.getTime());
  });

  it('stops every job together, waiting for runs up to its bound', async () => {
    const runs = { quick: 0, polite: 0, deaf: 0 };
    const closed: string[] = [];
    const job = (name: keyof typeof runs, run: Job['run']) =>
      defineJob({
        name: `test-${name}`,
        label: name,
        everyMs: 30,
        timeoutMs: 60_000,
        run: async (context) => {
          runs[name]++;
          await run(context);
        },
        close: () => void closed.push(name),
      });
    const runner = start(
      [
        job('quick', async () => {}),
        job('polite', ({ signal }) => sleep(60_000, signal)),
        job('deaf', () => new Promise<void>(() => {})),
      ],
      { stopWaitMs: 300 },
    );
    expect(runner.jobs.map((j) => j.name)).toEqual(['test-quick', 'test-polite', 'test-deaf']);
    await expect.poll(() => Math.min(runs.quick, runs.polite, runs.deaf), { timeout: 10_000 }).toBe(1);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
    const after = { ...runs };
    await sleep(300);
    expect(runs).toEqual(after);
    expect(closed.sort()).toEqual(['deaf', 'polite', 'quick']);
    // Nothing left holding a lease, and a stop is no failure.
    for (const status of await listJobStatus(handle.db))
      expect(status).toMatchObject({ state: 'idle', holder: null, failures: 0 });
  });
});
