import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startEdge, type Edge } from './edge';

/** The demo as `npm start` runs it, on ports and data of its own so that it does not meet another developer's. */
const DEMO_ENV = { PORT: '3500', DATA_DIR: '.data/lighthouse', AUTH_EMULATOR_PORT: '9699' };
/** The first start builds the app (~4 min on two cores) and seeds the demo (~1 min). */
const START_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface Demo {
  origin: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // start.ts forwards SIGTERM to the app and stops the database and the emulator itself.
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `npm start`'s script and resolves once the top page answers 200; rejects if it exits first. */
export async function startDemo(): Promise<Demo> {
  const origin = `http://localhost:${DEMO_ENV.PORT}`;
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.resolve('scripts/start.ts')],
    // eslint-disable-next-line no-restricted-properties -- the demo inherits this process's environment
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...DEMO_ENV } },
  );
  const demo: Demo = { origin, stop: () => stopChild(child) };
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(await answers(`${origin}/`))) {
      if (exited) throw new Error(`the demo exited with ${child.exitCode ?? child.signalCode}`);
      if (Date.now() > deadline) throw new Error(`the demo did not answer at ${origin}/ in time`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } catch (error) {
    await demo.stop();
    throw error;
  }
  return demo;
}

/** The first photo gallery the photo list links to, as a signed-out visitor sees the list. */
export async function firstPhotoPath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/photo`)).text();
  const match = /href="(\/photo\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(html);
  if (!match?.[1]) throw new Error(`no gallery link on ${origin}/photo`);
  return match[1];
}

const decode = (url: string) => url.replaceAll('&amp;', '&');

/**
 * Renders the page into the page cache, and its images into the image cache, so that a measured load is the one a
 * visitor gets on a running site, not the very first one after a deployment.
 */
export async function warm(url: string): Promise<void> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const html = await response.text();
  const assets = new Set<string>();
  for (const [, src = ''] of html.matchAll(/<img[^>]*?\ssrc="([^"]+)"/g)) assets.add(decode(src));
  for (const [, srcset = ''] of html.matchAll(/\s(?:srcset|imageSrcSet|imagesrcset)="([^"]+)"/g)) {
    for (const candidate of decode(srcset).split(',')) assets.add(candidate.trim().split(/\s+/)[0] ?? '');
  }
  await Promise.all(
    [...assets]
      .filter((asset) => asset && !asset.startsWith('data:'))
      .map((asset) =>
        fetch(new URL(asset, url)).then(
          (r) => r.arrayBuffer(),
          () => undefined,
        ),
      ),
  );
}

/** Where the Lighthouse scripts put the production edge before a demo. */
const EDGE_PORT = 3543;

/** A demo as phones reach a deployment: through the production edge, over HTTPS and HTTP/2. */
export interface DemoEdge {
  edge: Edge;
  /** An address through the edge as this process reads it: from the demo itself. */
  direct(url: string): string;
  /** warm() on the demo, then the page once through the edge, so that nginx's cache has it too. */
  warm(url: string): Promise<void>;
}

export async function startDemoEdge(origin: string): Promise<DemoEdge> {
  const edge = await startEdge(EDGE_PORT, [Number(new URL(origin).port)], { tls: true });
  const direct = (url: string) => url.replace(edge.base, origin);
  return {
    edge,
    direct,
    async warm(url) {
      await warm(direct(url));
      await edge.get(url);
    },
  };
}
