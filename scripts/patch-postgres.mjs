// Runs after every install (package.json "postinstall"): two fixes to postgres.js 3.4.9 that are proposed upstream and
// not released. Each changes nothing when the code is already fixed or has changed (then it says so).
//
// 1. A write scheduled with setImmediate runs after the connection closed and throws on the null socket, outside any
//    promise (porsager/postgres#1154, #1208; fix proposed in #1168 and #1176). The throw skips the lines that clear
//    the pending write, so the connection never writes again: each reconnect times out (CONNECT_TIMEOUT) and the
//    queries given to it wait for ever. Seen after every PostgreSQL restart in `npm run test:faults` (decision 0020).
//    The guard: with no socket, the pending write is dropped (closed() has already failed its queries).
// 2. A transaction's BEGIN can be sent without its connection being reserved (porsager/postgres#823, #1189; fixes
//    proposed in #1207, #1211, #1218): `execute()` reserves it only at the end of an `&&` chain that stops when the
//    connection's pipeline is full or its socket pushes back, and a socket's 'drain' hands a connection back to the
//    pool between a transaction's statements. The transaction then fails with UNSAFE_TRANSACTION, while its
//    connection, still inside the transaction on the server, serves unrelated queries. Seen as a fan's 500 at the
//    presale opening of `npm run bench:presale`; reproduced by src/server/db/transactions.int.test.ts. The fix: a
//    written BEGIN always reserves its connection and takes no query pipelined behind it; 'drain' leaves a reserved
//    connection alone.
// 3. With `prepare: false` (through PgBouncer in transaction mode, src/server/db/client.ts), every statement with
//    parameters costs two round trips: Parse and Describe, a wait for the parameters' types, then Bind and Execute
//    (`describeFirst`). The types of one statement's text do not change, so the connection remembers them once
//    described, and later runs of that text send Parse (with the types), Describe, Bind, Execute and Sync at once:
//    the single round trip libpq's PQexecParams makes, safe in transaction mode because nothing is kept after Sync.
//    Measured in `npm run bench:presale -- --instances 1` (issue 40).
import { readFileSync, writeFileSync } from 'node:fs';

const PATCHES = [
  {
    marker: '// fanclub: guard',
    buggy: 'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    fixed:
      'function nextWrite(fn) {\n' +
      '    if (!socket) { nextWriteTimer !== null && clearImmediate(nextWriteTimer); chunk = nextWriteTimer = null; return false } // fanclub: guard\n' +
      '    const x = socket.write(chunk, fn)',
  },
  {
    marker: '// fanclub: reserve',
    buggy:
      '      return write(toBuffer(q))\n' +
      '        && !q.describeFirst\n' +
      '        && !q.cursorFn\n' +
      '        && sent.length < max_pipeline\n' +
      '        && (!q.options.onexecute || q.options.onexecute(connection))',
    fixed:
      '      const written = write(toBuffer(q))\n' +
      '      if (q.options.onexecute) return (q.options.onexecute(connection), false) // fanclub: reserve\n' +
      '      return written\n' +
      '        && !q.describeFirst\n' +
      '        && !q.cursorFn\n' +
      '        && sent.length < max_pipeline',
  },
  {
    marker: '// fanclub: described',
    buggy: "      : { string, types, name: q.prepare ? statementId + statementCount++ : '' }\n",
    fixed:
      "      : { string, types, name: q.prepare ? statementId + statementCount++ : '' }\n" +
      '    if (!q.prepare && !q.onlyDescribe && parameters.length) { // fanclub: described\n' +
      '      q.describedKey = types + string\n' +
      '      const known = described.get(q.describedKey)\n' +
      "      known && (q.describeFirst = false, q.statement = { string, types: known.slice(), name: '' })\n" +
      '    }\n',
  },
  {
    marker: '// fanclub: remember',
    buggy: '    query.prepare && (statements[query.signature] = query.statement)\n',
    fixed:
      '    query.prepare && (statements[query.signature] = query.statement)\n' +
      '    query.describedKey && query.describeFirst && !query.onlyDescribe && described.size < 1000 // fanclub: remember\n' +
      '      && described.set(query.describedKey, query.statement.types.slice())\n',
  },
  {
    marker: '// fanclub: described map',
    buggy: '    , statements = {}\n',
    fixed: '    , statements = {}\n    , described = new Map() // fanclub: described map\n',
  },
  {
    marker: '// fanclub: drain',
    buggy: '  function drain() {\n    !query && onopen(connection)',
    fixed: '  function drain() {\n    !query && !connection.reserved && onopen(connection) // fanclub: drain',
  },
];

for (const copy of ['src', 'cjs/src', 'cf/src']) {
  const file = new URL(`../node_modules/postgres/${copy}/connection.js`, import.meta.url);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  let patched = text;
  for (const { marker, buggy, fixed } of PATCHES) {
    if (patched.includes(marker)) continue;
    if (!patched.includes(buggy)) {
      console.warn(
        `patch-postgres: ${copy}/connection.js has changed near "${marker}"; check whether the fix is still needed`,
      );
      continue;
    }
    patched = patched.replace(buggy, fixed);
  }
  if (patched !== text) writeFileSync(file, patched);
}
