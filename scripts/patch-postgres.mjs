// Runs after every install (package.json "postinstall"). postgres.js 3.4.9 has a known bug (porsager/postgres#1154,
// #1208; fix proposed in #1168 and #1176, not released): a write scheduled with setImmediate runs after the
// connection closed and throws on the null socket, outside any promise. The throw skips the lines that clear the
// pending write, so the connection never writes again: each reconnect times out (CONNECT_TIMEOUT) and the queries
// given to it wait for ever. Seen after every PostgreSQL restart in `npm run test:faults` (docs/decisions/0020).
// This applies the proposed guard: with no socket, the pending write is dropped (closed() has already failed its
// queries) and the connection can start again. It changes nothing when the code is already guarded or has changed.
import { readFileSync, writeFileSync } from 'node:fs';

const BUGGY = 'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
const GUARDED =
  'function nextWrite(fn) {\n' +
  '    if (!socket) { nextWriteTimer !== null && clearImmediate(nextWriteTimer); chunk = nextWriteTimer = null; return false } // fanclub: guard\n' +
  '    const x = socket.write(chunk, fn)';

for (const copy of ['src', 'cjs/src', 'cf/src']) {
  const file = new URL(`../node_modules/postgres/${copy}/connection.js`, import.meta.url);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  if (text.includes('// fanclub: guard')) continue;
  if (!text.includes(BUGGY)) {
    console.warn(
      `patch-postgres: ${copy}/connection.js has changed; check whether the guard is still needed`,
    );
    continue;
  }
  writeFileSync(file, text.replace(BUGGY, GUARDED));
}
