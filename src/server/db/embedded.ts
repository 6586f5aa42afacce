import 'server-only';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The embedded default database: PGlite persisted under DATA_DIR and served over the PostgreSQL wire protocol on
 * loopback, so that the app, the seed and `npm run site` share it while it runs (PGlite itself is one process
 * only). See docs/decisions/0002-embedded-database.md.
 */
export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

interface RunFile {
  url: string;
  pid: number;
}

const runFile = (dataDir: string) => path.join(dataDir, 'embedded-db.json');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL of the embedded database another process of this machine is serving, if one is. */
export async function findRunningEmbeddedDb(dataDir: string): Promise<string | null> {
  try {
    const info = JSON.parse(await readFile(runFile(dataDir), 'utf8')) as RunFile;
    return isAlive(info.pid) ? info.url : null;
  } catch {
    return null;
  }
}

export async function startEmbeddedDb(dataDir: string): Promise<EmbeddedDb> {
  const running = await findRunningEmbeddedDb(dataDir);
  if (running) throw new Error(`The embedded database in ${dataDir} is already served at ${running}.`);
  const dir = path.resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const port = await freePort();
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: 16 });
  await server.start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await writeFile(runFile(dataDir), JSON.stringify({ url, pid: process.pid } satisfies RunFile));
  return {
    url,
    async stop() {
      await rm(runFile(dataDir), { force: true });
      await server.stop();
      await pglite.close();
    },
  };
}
