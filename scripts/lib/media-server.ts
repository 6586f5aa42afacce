import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listening } from './edge';

/**
 * The live streams' media server of deploy/live-nginx.conf (decision 0050), for `npm start`, the tests and
 * `npm run bench:live`: Debian's nginx with libnginx-mod-rtmp, its directories and generated config in `dir` (the
 * demo's data directory keeps its archives across starts). CI installs both (.ci/run).
 */
const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

export const hasMediaServer = (): boolean =>
  existsSync(NGINX) && existsSync(RTMP_MODULE) && spawnSync('ffmpeg', ['-version']).status === 0;

export interface MediaServerOptions {
  /** Where nginx keeps its config, logs, the live window (live/), recordings (rec/) and archives (archive/). */
  dir: string;
  rtmpPort: number;
  httpPort: number;
  /** The app as nginx-rtmp calls it back, e.g. http://127.0.0.1:3000. */
  appUrl: string;
  /** The app's LIVE_URL_SECRET. */
  secret: string;
  /** nginx's worker processes; 1 for the demo and tests, auto for the bench. */
  workers?: number | 'auto';
}

export interface MediaServer {
  /** LIVE_HLS_URL for the app. */
  hlsUrl: string;
  /** LIVE_INGEST_URL for the app: OBS's 「サーバー」. */
  ingestUrl: string;
  pid: number;
  dir: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export async function mediaServerConfig(options: MediaServerOptions): Promise<string> {
  const template = await readFile(path.resolve('deploy/live-nginx.conf'), 'utf8');
  return template
    .replaceAll('{{PREFIX}}', options.dir)
    .replaceAll('{{RTMP_LISTEN}}', `127.0.0.1:${options.rtmpPort}`)
    .replaceAll('{{HTTP_LISTEN}}', `127.0.0.1:${options.httpPort}`)
    .replaceAll('{{APP}}', options.appUrl.replace(/\/+$/, ''))
    .replaceAll('{{SECRET}}', options.secret)
    .replaceAll('{{ARCHIVE_SCRIPT}}', path.resolve('deploy/live-archive.sh'))
    .replaceAll('{{WORKERS}}', String(options.workers ?? 1));
}

export async function startMediaServer(options: MediaServerOptions): Promise<MediaServer> {
  const dir = path.resolve(options.dir);
  for (const sub of ['live', 'rec', 'archive', 'logs', 'tmp'])
    await mkdir(path.join(dir, sub), { recursive: true });
  const config = path.join(dir, 'nginx.conf');
  await writeFile(config, await mediaServerConfig({ ...options, dir }), { mode: 0o600 });
  const args = ['-p', dir, '-c', config, '-e', path.join(dir, 'logs/error.log')];
  // As root (CI), the workers would otherwise become `nobody`, who cannot write the recordings here.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const check = spawnSync(NGINX, [...args, '-t', '-q', '-g', `daemon off;${user}`], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed for the media server: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, [...args, '-g', `daemon off;${user}`], { stdio: 'ignore' });
  await listening(options.httpPort, child, 'the media server');
  await listening(options.rtmpPort, child, 'the media server');
  return {
    hlsUrl: `http://localhost:${options.httpPort}`,
    ingestUrl: `rtmp://127.0.0.1:${options.rtmpPort}/live`,
    pid: child.pid!,
    dir,
    errorLog: () => readFile(path.join(dir, 'logs/error.log'), 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // QUIT lets the recording close, so a stream cut by the stop still becomes its archive.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A test stream from ffmpeg's test source, as an encoder would publish it (2-second keyframes, as the README asks
 * of OBS). Resolves once ffmpeg has started; stop() ends it as an encoder's 「配信終了」 does.
 */
export function publishTestStream(
  ingestUrl: string,
  streamKey: string,
): { stop(): Promise<void>; child: ChildProcess } {
  const child = spawn(
    'ffmpeg',
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '60',
      '-c:a',
      'aac',
      '-f',
      'flv',
      `${ingestUrl}/${streamKey}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return {
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
