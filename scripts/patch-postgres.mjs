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
// 4. A connection the server closes under a transaction (a crash, or idle_in_transaction_session_timeout) keeps the
//    state of its last backend: the query it was answering, that query's error, the bytes not yet written. The first
//    query after the reconnect could then receive the old backend's fatal error (a fan's 500 in the fault suite's
//    Stripe round: 25P03 on a plain read) or follow stale bytes. And `begin()` rejects when its connection closes,
//    but the callback goes on: its later statements, and its COMMIT or ROLLBACK, went straight to the reconnected
//    connection, outside any transaction or inside another one's (porsager/postgres#1186, #1155; fix proposed in
//    #1215). The fix: the state is cleared at the close; the transaction keeps the close's error, fails its queued
//    statements with it and refuses every later one, so nothing of it reaches another backend.
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
  {
    marker: '// fanclub: closed',
    buggy:
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    fixed:
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n" +
      '    query = results = errorResponse = chunk = null, result = new Result() // fanclub: closed\n',
  },
];

/** Patch 4's other half, in `begin()` (index.js). */
const BEGIN_PATCHES = [
  {
    marker: '// fanclub: lost',
    buggy: '      , prepare = null\n',
    fixed: '      , prepare = null\n      , lost = null // fanclub: lost\n',
  },
  {
    marker: '// fanclub: closed under',
    buggy: '        new Promise((_, reject) => connection.onclose = reject)\n',
    fixed:
      '        new Promise((_, reject) => connection.onclose = e => { // fanclub: closed under\n' +
      '          lost = e\n' +
      '          while (queries.length) queries.shift().reject(e)\n' +
      '          reject(e)\n' +
      '        })\n',
  },
  {
    marker: '// fanclub: refuse',
    buggy: '        q.catch(e => uncaughtError || (uncaughtError = e))\n',
    fixed:
      '        q.catch(e => uncaughtError || (uncaughtError = e))\n' +
      '        if (lost) return q.reject(lost) // fanclub: refuse\n',
  },
];

/** Applies each patch not applied yet; one whose code has changed upstream is named, not forced. */
function patchFile(copy, name, patches) {
  const file = new URL(`../node_modules/postgres/${copy}/${name}`, import.meta.url);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  let patched = text;
  for (const { marker, buggy, fixed } of patches) {
    if (patched.includes(marker)) continue;
    if (!patched.includes(buggy)) {
      console.warn(
        `patch-postgres: ${copy}/${name} has changed near "${marker}"; check whether the fix is still needed`,
      );
      continue;
    }
    patched = patched.replace(buggy, fixed);
  }
  if (patched !== text) writeFileSync(file, patched);
}

for (const copy of ['src', 'cjs/src', 'cf/src']) {
  patchFile(copy, 'connection.js', PATCHES);
  patchFile(copy, 'index.js', BEGIN_PATCHES);
}
