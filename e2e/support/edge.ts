import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The production edge of deploy/nginx.conf, for the tests: Debian's nginx in a directory of its own, before the
 * given app instances. CI installs nginx (.ci/run); a machine without it skips what needs it.
 */
const NGINX = '/usr/sbin/nginx';

export const hasNginx = (): boolean => existsSync(NGINX);

export interface Edge {
  base: string;
  stop(): Promise<void>;
}

export async function startEdge(port: number, upstreamPorts: number[]): Promise<Edge> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'fc-edge-'));
  const template = await readFile(path.resolve('deploy/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{UPSTREAMS}}', upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n'));
  await writeFile(path.join(prefix, 'nginx.conf'), config);
  await mkdir(path.join(prefix, 'cache'));
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  // As root (CI), the workers would otherwise become `nobody`, who cannot write to this directory.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const check = spawnSync(NGINX, [...args, '-t', '-g', `daemon off;${user}`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, [...args, '-g', `daemon off;${user}`], { stdio: 'ignore' });
  return {
    base: `http://localhost:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
