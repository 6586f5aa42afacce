import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The demo's mail server: MailDev from npm (SMTP, a web UI and a REST API at /api/email), on 127.0.0.1 only. Every
 * mail the app sends lands there; nothing leaves the machine. The web UI answers on the port after the SMTP port.
 */
export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

const MAILDEV_BIN = path.resolve('node_modules/maildev/dist/bin/maildev.js');

async function isUp(webUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${webUrl}/api/healthz`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

export async function startMailCatcher(options: { smtpPort: number; dir: string }): Promise<MailCatcher> {
  const webPort = options.smtpPort + 1;
  const smtpUrl = `smtp://127.0.0.1:${options.smtpPort}`;
  const webUrl = `http://localhost:${webPort}`;
  if (await isUp(webUrl)) throw new Error(`Port ${webPort} is taken: another mail catcher is running.`);
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      MAILDEV_BIN,
      '--smtp',
      String(options.smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      // Kept across restarts with the rest of the demo's data.
      '--mail-directory',
      dir,
      '--silent',
    ],
    { detached: true, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await isUp(webUrl))) {
    if (child.exitCode !== null) throw new Error(`The mail catcher exited with ${child.exitCode}.`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The mail catcher did not start within 30 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let stopping: Promise<void> | null = null;
  return {
    smtpUrl,
    webUrl,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timeout);
        }
      })()),
  };
}
