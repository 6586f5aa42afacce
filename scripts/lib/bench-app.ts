/**
 * The app under test, started the way `npm start` starts it (scripts/start.ts, which seeds the demo, builds when
 * needed and spawns `next start`), and the /proc readings the benchmark takes of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { APP_SERVER_FLAGS, SERVER_ENTRY } from './build';

export interface StartedApp {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Decides whether a line of the app's output is printed (false: it is only counted by the caller). */
export type LineFilter = (line: string) => boolean;

/** Output lines are prefixed, so the build's and the app's logs stay apart from the benchmark's own. */
function relay(stream: NodeJS.ReadableStream | null, prefix: string, filter: LineFilter) {
  let pending = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (filter(line)) console.log(`${prefix}${line}`);
  });
}

export function startApp(env: NodeJS.ProcessEnv, filter: LineFilter = () => true): StartedApp {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.resolve('scripts/start.ts')],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return started(child, '', filter);
}

/**
 * One more instance of the app beside the one startApp started (which seeded, built and made the demo's keys in
 * DATA_DIR): the compiled server as a deployment runs it (src/main/index.ts), with the same keys, so that what one
 * instance signed the others accept. `env` names its port, database and identity provider.
 */
export async function startInstance(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  label: string,
  filter: LineFilter = () => true,
): Promise<StartedApp> {
  const key = async (file: string) => (await readFile(path.join(dataDir, file), 'utf8')).trim();
  const child = spawn(process.execPath, [...APP_SERVER_FLAGS, SERVER_ENTRY], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      MEDIA_URL_SECRET: await key('media-url-secret'),
      ALTCHA_HMAC_KEY: await key('altcha-hmac-key'),
      NOTICE_TOKEN_SECRET: await key('notice-token-secret'),
      TICKET_SIGNING_SECRET: await key('ticket-signing-secret'),
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return started(child, label, filter);
}

function started(child: ChildProcess, label: string, filter: LineFilter): StartedApp {
  relay(child.stdout, `  [app${label}] `, filter);
  relay(child.stderr, `  [app${label}!] `, filter);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const started = child.pid ? await descendantsOf(child.pid) : [];
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      // Only if start.ts had to be killed: its children (next, the emulator) would be left running.
      for (const pid of started) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone, as it should be
        }
      }
    },
  };
}

/** Polls `url` until it answers 200; fails if the app exits first or `timeoutMs` passes. */
export async function waitForOk(url: string, app: StartedApp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`the app exited with ${app.child.exitCode}`);
    const status = await fetch(url, { headers: { accept: 'text/html' } }).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are fixed.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields ? Number(fields[1]) : null;
}

export async function descendantsOf(root: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = new Map<number, number | null>();
  for (const pid of pids) parents.set(pid, await parentOf(pid));
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

/** The inodes of the sockets listening on `port` (IPv4 and IPv6; state 0A is LISTEN). */
async function listeningInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
    }
  }
  return inodes;
}

export async function rssBytes(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kb ? Number(kb) * 1024 : null;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every common build (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) `pid` has used so far, in seconds; null once it is gone. */
export async function cpuSeconds(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces and parentheses.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields) return null;
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export const commandOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ').trim();

/** The process among `root` and its descendants that holds the socket listening on `port`. */
export async function listenerPid(root: number, port: number): Promise<number> {
  const inodes = await listeningInodes(port);
  for (const pid of [root, ...(await descendantsOf(root))]) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  throw new Error(`no process under ${root} listens on port ${port}`);
}
