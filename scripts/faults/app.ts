import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { SERVER_ENTRY } from '../lib/build';
import { send, sleep } from './http';

/**
 * The app under test, run exactly as `npm start` runs it after seeding (scripts/start.ts): the compiled server (dist/main.mjs) in a
 * Node process of its own with the same flags. Killing it with SIGKILL and starting the same command again is what
 * a supervisor does after a crash. Its output goes to a log file in the temporary directory, not to the table.
 */
const APP_SERVER_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];

export interface App {
  base: string;
  pid(): number;
  start(): Promise<number>;
  /** `onKill` runs at the very moment of the signal. */
  kill9(onKill?: () => void): Promise<void>;
  stop(): Promise<void>;
  logTail(lines: number): Promise<string>;
}

export function createApp(options: { port: number; env: NodeJS.ProcessEnv; logFile: string }): App {
  const base = `http://localhost:${options.port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log: WriteStream | null = null;

  /**
   * The app runs in a process group of its own: one signal reaches it and anything Next.js started, at once (looking
   * its children up in /proc first took long enough for every request to finish before the kill).
   */
  async function killGroup(signal: NodeJS.Signals, onKill?: () => void) {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    onKill?.();
    try {
      process.kill(-child.pid, signal);
    } catch {
      // gone already
    }
    await exited;
  }

  return {
    base,
    pid: () => child?.pid ?? 0,
    /** Starts the server and waits until the top page answers 200; answers how long that took. */
    start: async () => {
      const started = Date.now();
      log ??= createWriteStream(options.logFile, { flags: 'a' });
      const spawned = spawn(process.execPath, [...APP_SERVER_FLAGS, SERVER_ENTRY], {
        env: options.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child = spawned;
      spawned.stdout.pipe(log, { end: false });
      spawned.stderr.pipe(log, { end: false });
      exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (spawned.exitCode !== null) throw new Error(`the app exited with ${spawned.exitCode}`);
        const answer = await send(base, '/', { timeoutMs: 10_000 });
        if (answer.status === 200) return Date.now() - started;
        await sleep(250);
      }
      throw new Error('the app did not answer 200 within 180 s');
    },
    kill9: (onKill) => killGroup('SIGKILL', onKill),
    stop: async () => {
      const timer = setTimeout(() => void killGroup('SIGKILL'), 15_000);
      await killGroup('SIGTERM');
      clearTimeout(timer);
    },
    logTail: async (lines) =>
      (await readFile(options.logFile, 'utf8').catch(() => '')).split('\n').slice(-lines).join('\n'),
  };
}
