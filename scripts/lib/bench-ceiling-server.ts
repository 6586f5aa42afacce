/**
 * The ceilings of `npm run bench`, run as their own process: a bare node:http server answering each path of its
 * manifest with the exact bytes and headers one target answered (one entry per target), as fast as Node.js can on
 * this machine. Any other path is a 404. Arguments: the manifest (JSON: path -> { file, headers }), port. Prints
 * "ready" once it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CeilingEntry {
  /** The body, as the target answered it. */
  file: string;
  /** The target's response headers, minus those of the connection (content-length is set from the body). */
  headers: Record<string, string | string[]>;
}

const [manifestFile, port] = process.argv.slice(2);
if (!manifestFile || !port) throw new Error('usage: bench-ceiling-server <manifest.json> <port>');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, CeilingEntry>;
const answers = new Map(
  Object.entries(manifest).map(([path, entry]) => {
    const body = readFileSync(entry.file);
    return [path, { body, headers: { ...entry.headers, 'content-length': String(body.length) } }];
  }),
);

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));

process.on('SIGTERM', () => process.exit(0));
