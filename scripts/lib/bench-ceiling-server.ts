/**
 * The ceiling of `npm run bench`, run as its own process: a bare node:http server answering every request with the
 * bytes and content type of a file, as fast as Node.js can on this machine. Arguments: file, content type, port.
 * Prints "ready" once it listens.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType, port] = process.argv.slice(2);
if (!file || !contentType || !port)
  throw new Error('usage: bench-ceiling-server <file> <content-type> <port>');
const body = readFileSync(file);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), () => console.log('ready'));

process.on('SIGTERM', () => process.exit(0));
