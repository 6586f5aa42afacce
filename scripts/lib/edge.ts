import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { get as httpGet, type ClientRequest } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createConnection } from 'node:net';
import path from 'node:path';

/**
 * The production edge of deploy/nginx.conf, for the tests and `npm run lighthouse`: Debian's nginx in a directory
 * of its own, before the given app instances. CI installs nginx (.ci/run); a machine without it skips what needs it.
 */
const NGINX = '/usr/sbin/nginx';

export const hasNginx = (): boolean => existsSync(NGINX);

export interface Edge {
  base: string;
  /** nginx's master process (its workers are its children). */
  pid: number;
  /** With `tls`: the edge's self-signed certificate (PEM), for a client that is to trust it. */
  certificate?: string;
  /** GET through the edge, trusting its own certificate; rejects unless the answer is 200. */
  get(url: string): Promise<void>;
  /** nginx's error log so far (warnings and errors: upstreams that failed, timed out or closed early). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

function edgeGet(url: string, ca: string | undefined): Promise<void> {
  const request = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    request(url, { ca, timeout: 30_000 }, (response) => {
      response.resume().once('end', () => {
        if (response.statusCode === 200) resolve();
        else reject(new Error(`${url} answered ${response.statusCode}`));
      });
    })
      .once('timeout', function (this: ClientRequest) {
        this.destroy(new Error(`${url} did not answer in time`));
      })
      .once('error', reject);
  });
}

/** Resolves once the child (nginx, PgBouncer) accepts connections on the port (it binds a moment after it starts). */
export async function listening(port: number, child: ChildProcess, name = 'nginx'): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A certificate for localhost, made by Debian's openssl for this edge only. */
function selfSigned(prefix: string): { cert: string; key: string } {
  const cert = path.join(prefix, 'cert.pem');
  const key = path.join(prefix, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key };
}

/**
 * `tls`: HTTPS and HTTP/2 on the port, as a deployment answers phones (with a self-signed certificate for
 * localhost), instead of plain HTTP/1.1.
 */
export async function startEdge(
  port: number,
  upstreamPorts: number[],
  { tls = false }: { tls?: boolean } = {},
): Promise<Edge> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'fc-edge-'));
  const template = await readFile(path.resolve('deploy/nginx.conf'), 'utf8');
  const pair = tls ? selfSigned(prefix) : null;
  const config = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}${pair ? ' ssl http2' : ''}`)
    .replaceAll(
      '{{TLS}}',
      pair ? `    ssl_certificate ${pair.cert};\n    ssl_certificate_key ${pair.key};` : '',
    )
    .replaceAll('{{UPSTREAMS}}', upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n'));
  await writeFile(path.join(prefix, 'nginx.conf'), config);
  await mkdir(path.join(prefix, 'cache'));
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  // As root (CI), the workers would otherwise become `nobody`, who cannot write to this directory.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const check = spawnSync(NGINX, [...args, '-t', '-g', `daemon off;${user}`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, [...args, '-g', `daemon off;${user}`], { stdio: 'ignore' });
  await listening(port, child);
  const certificate = pair ? await readFile(pair.cert, 'utf8') : undefined;
  return {
    base: `${pair ? 'https' : 'http'}://localhost:${port}`,
    pid: child.pid!,
    certificate,
    get: (url) => edgeGet(url, certificate),
    errorLog: () => readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => ''),
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
