/**
 * A club's opening for `npm run bench:presale -- --opening-members 2000` (issue 40's target row): new fans join
 * through the production edge from a handful of client addresses, each over the HTTP endpoints the seven sign-up
 * steps call, as the browser calls them. Per fan, arriving at an even pace over the window:
 *   the account at the provider (the emulator's REST API, as the Firebase SDK calls it) → the sign-up challenge →
 *   the terms' versions → the first session with the solved proof and the consent (step 1) → nickname, profile,
 *   address, plan (steps 2-5) → the address confirmed at the provider (the mail's link) → the card with the sandbox
 *   (step 6) → the complete page with the member number (step 7).
 * A fan's client address is the source address of its connection to nginx (127.0.0.2, .3, …: all of 127/8 is this
 * machine), which nginx appends to X-Forwarded-For and the app takes with TRUSTED_PROXIES=1, as in production.
 * The proofs are solved by processes at the lowest priority (proof-solver.ts): a phone's work, not the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from './bench-seed';

export interface OpeningOptions {
  /** The edge: nginx on 127.0.0.1 at this port, the site answering for Host `localhost:<port>`. */
  edgePort: number;
  emulatorHost: string;
  projectId: string;
  tenantId: string;
  planId: string;
  members: number;
  addresses: number;
  /** Arrivals are spread evenly over this window. */
  seconds: number;
  solvers: number;
}

export interface StepFigures {
  step: string;
  sent: number;
  ok: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export interface OpeningResult {
  members: number;
  addresses: number;
  joined: number;
  /** Fans the app answered with a refusal or an error (any status but the step's success) or no answer. */
  refused: number;
  /** Fans stopped by the provider (the emulator), not by the app. */
  providerFailures: number;
  examples: string[];
  wallMs: number;
  steps: StepFigures[];
  provider: StepFigures[];
  solveMs: { p50: number; p99: number; max: number };
  uids: string[];
}

const PASSWORD = 'opening-pass-1';
const CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
const PROFILE = {
  familyName: '山田',
  givenName: '美緒',
  familyNameKana: 'ヤマダ',
  givenNameKana: 'ミオ',
  birthday: '2000-05-15',
  phone: '09087654321',
};
const ADDRESS = {
  postalCode: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-2-3',
  building: '',
};
const REQUEST_TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

class Recorder {
  private readonly steps = new Map<string, { ms: number[]; statuses: Record<string, number>; ok: number }>();
  add(step: string, status: number | string, ms: number, ok: boolean) {
    const entry = this.steps.get(step) ?? { ms: [], statuses: {}, ok: 0 };
    entry.ms.push(ms);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    if (ok) entry.ok += 1;
    this.steps.set(step, entry);
  }
  figures(): StepFigures[] {
    return [...this.steps].map(([step, { ms, statuses, ok }]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return {
        step,
        sent: ms.length,
        ok,
        statuses,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
      };
    });
  }
}

/** Phones: solver processes at nice 19, each solving one challenge at a time. */
function startSolvers(count: number) {
  const pending = new Map<number, { resolve: (proof: string) => void; reject: (error: Error) => void }>();
  const children: ChildProcess[] = [];
  const load: number[] = [];
  const owner = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const child = spawn(
      'nice',
      ['-n', '19', process.execPath, '--import', 'tsx', path.resolve('scripts/lib/proof-solver.ts')],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const answer = JSON.parse(line) as { id: number; proof?: string; error?: string };
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      owner.delete(answer.id);
      load[i]! -= 1;
      if (answer.proof) waiter?.resolve(answer.proof);
      else waiter?.reject(new Error(answer.error ?? 'unsolved'));
    });
    // A solver that dies must not leave its fans waiting for ever.
    child.once('exit', (code) => {
      for (const [id, waiter] of pending) {
        if (owner.get(id) !== i) continue;
        pending.delete(id);
        waiter.reject(new Error(`the proof solver exited (${code})`));
      }
    });
    children.push(child);
    load.push(0);
  }
  let next = 0;
  return {
    solve(challenge: unknown): Promise<string> {
      const id = next++;
      const least = load.indexOf(Math.min(...load));
      load[least]! += 1;
      owner.set(id, least);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        children[least]!.stdin!.write(`${JSON.stringify({ id, challenge })}\n`);
      });
    },
    stop() {
      for (const child of children) child.kill('SIGTERM');
    },
  };
}

interface Answer {
  status: number;
  text: string;
  cookie: string | null;
  ms: number;
}

/** One request through the edge from `localAddress`, as the fan's browser sends it (Origin on a POST). */
function request(
  agent: http.Agent,
  edgePort: number,
  method: 'GET' | 'POST',
  pathname: string,
  { body, cookie, accept = 'application/json' }: { body?: unknown; cookie?: string; accept?: string } = {},
): Promise<Answer> {
  const origin = `http://localhost:${edgePort}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: edgePort,
        method,
        path: pathname,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          host: `localhost:${edgePort}`,
          accept,
          ...(cookie ? { cookie } : {}),
          ...(method === 'POST' ? { origin } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const set = response.headers['set-cookie']?.find((line) => line.startsWith('__Host-fc_session='));
          resolve({
            status: response.statusCode ?? 0,
            text,
            cookie: set ? set.split(';')[0]! : null,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, text: error.message, cookie: null, ms: performance.now() - started }),
    );
    req.end(payload);
  });
}

/** The emulator's REST API, as the Firebase SDK (or, with `owner`, the Admin SDK) calls it. */
async function provider(
  options: OpeningOptions,
  call: string,
  body: object,
  owner = false,
): Promise<{ ok: boolean; json: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const url = `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=bench`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify({ ...body, tenantId: options.tenantId }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const json = (await response.json()) as Record<string, unknown>;
    return { ok: response.ok, json, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, json: { error: String(error) }, ms: performance.now() - started };
  }
}

export async function runOpening(options: OpeningOptions): Promise<OpeningResult> {
  const app = new Recorder();
  const providerSteps = new Recorder();
  const agents = Array.from(
    { length: options.addresses },
    (_, i) => new http.Agent({ keepAlive: true, maxSockets: 16, localAddress: `127.0.0.${i + 2}` }),
  );
  const solvers = startSolvers(options.solvers);
  const solveMs: number[] = [];
  const uids: string[] = [];
  const examples: string[] = [];
  let joined = 0;
  let refused = 0;
  let providerFailures = 0;
  const run = randomBytes(3).toString('hex');

  async function fan(n: number): Promise<void> {
    const agent = agents[n % agents.length]!;
    /** An app step: stops the fan (counted refused) unless it answers `expected`. */
    const step = async (
      name: string,
      method: 'GET' | 'POST',
      pathname: string,
      init: { body?: unknown; cookie?: string; accept?: string },
      expected = 200,
    ) => {
      const answer = await request(agent, options.edgePort, method, pathname, init);
      const ok = answer.status === expected;
      app.add(name, answer.status || 'no answer', answer.ms, ok);
      if (!ok) throw new Refused(`${name}: ${answer.status || 'no answer'} ${answer.text.slice(0, 160)}`);
      return answer;
    };
    const outside = async (name: string, call: string, body: object, owner = false) => {
      const answer = await provider(options, call, body, owner);
      providerSteps.add(name, answer.ok ? 200 : 'error', answer.ms, answer.ok);
      if (!answer.ok) throw new ProviderFailed(`${name}: ${JSON.stringify(answer.json).slice(0, 160)}`);
      return answer.json;
    };
    try {
      const email = `opening-${run}-${n}@bench.example`;
      const account = await outside('account (provider signUp)', 'signUp', {
        email,
        password: PASSWORD,
        returnSecureToken: true,
      });
      const uid = String(account.localId);
      const challenge = await step('1a. challenge', 'GET', '/api/signup/challenge', {});
      const solvingFrom = performance.now();
      const proof = await solvers.solve(JSON.parse(challenge.text));
      solveMs.push(performance.now() - solvingFrom);
      const versions = await step('1b. terms versions', 'GET', '/api/consent', {});
      const session = await step('1c. session (proof, consent)', 'POST', '/api/session', {
        body: {
          idToken: account.idToken,
          proof,
          consent: { ...(JSON.parse(versions.text) as object), agreed: true },
        },
      });
      const cookie = session.cookie;
      if (!cookie) throw new Refused('1c. session: no session cookie');
      uids.push(uid);
      await step('2. nickname', 'POST', '/api/signup/nickname', { cookie, body: { nickname: `ファン${n}` } });
      await step('3. profile', 'POST', '/api/signup/profile', { cookie, body: PROFILE });
      await step('4. address', 'POST', '/api/signup/address', { cookie, body: ADDRESS });
      await step('5. plan', 'POST', '/api/signup/plans', { cookie, body: { planId: options.planId } });
      await outside('address confirmed (provider)', 'update', { localId: uid, emailVerified: true }, true);
      await step('6. card (sandbox)', 'POST', '/api/billing/subscribe', { cookie, body: { card: CARD } });
      const complete = await step('7. complete page', 'GET', '/signup/complete', {
        cookie,
        accept: 'text/html',
      });
      if (!/data-testid="member-number"[^>]*>\d{6}</.test(complete.text))
        throw new Refused('7. complete page: no member number');
      joined += 1;
    } catch (error) {
      if (error instanceof ProviderFailed) providerFailures += 1;
      else refused += 1;
      if (examples.length < 5) examples.push(String((error as Error).message));
    }
  }

  const started = Date.now();
  const interval = (options.seconds * 1000) / options.members;
  const fans: Promise<void>[] = [];
  try {
    for (let n = 0; n < options.members; n++) {
      const due = started + n * interval - Date.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      fans.push(fan(n));
    }
    await Promise.all(fans);
  } finally {
    solvers.stop();
    for (const agent of agents) agent.destroy();
  }
  const sortedSolve = [...solveMs].sort((a, b) => a - b);
  return {
    members: options.members,
    addresses: options.addresses,
    joined,
    refused,
    providerFailures,
    examples,
    wallMs: Date.now() - started,
    steps: app.figures().sort((a, b) => a.step.localeCompare(b.step)),
    provider: providerSteps.figures(),
    solveMs: {
      p50: Math.round(percentile(sortedSolve, 50)),
      p99: Math.round(percentile(sortedSolve, 99)),
      max: Math.round(sortedSolve.at(-1) ?? 0),
    },
    uids,
  };
}

class Refused extends Error {}
class ProviderFailed extends Error {}

/**
 * Counted in the database for the fans who opened a session: each is one member with a member number of its own,
 * one active subscription and one paid invoice (none lost, none twice).
 */
export async function openingChecks(db: Db, siteId: string, uids: string[]) {
  const list = sql`(select value from json_array_elements_text(${JSON.stringify(uids)}::json))`;
  const [row] = await rowsOf<{
    members: number;
    numbered: number;
    distinct_numbers: number;
    subscriptions: number;
    subscribed_members: number;
    paid_invoices: number;
    invoiced_members: number;
  }>(
    db,
    sql`with m as (select id, member_number from members where site_id = ${siteId} and uid in ${list})
        select (select count(*) from m)::int as members,
               (select count(member_number) from m)::int as numbered,
               (select count(distinct member_number) from m)::int as distinct_numbers,
               (select count(*) from subscriptions s join m on s.member_id = m.id where s.status = 'active')::int
                 as subscriptions,
               (select count(distinct s.member_id) from subscriptions s join m on s.member_id = m.id
                 where s.status = 'active')::int as subscribed_members,
               (select count(*) from sandbox_invoices i join sandbox_subscriptions ss on ss.id = i.subscription_id
                 join m on ss.member_id = m.id where i.status = 'paid')::int as paid_invoices,
               (select count(distinct ss.member_id) from sandbox_invoices i
                 join sandbox_subscriptions ss on ss.id = i.subscription_id
                 join m on ss.member_id = m.id where i.status = 'paid')::int as invoiced_members`,
  );
  return row!;
}
