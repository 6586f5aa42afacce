/**
 * `npm run verify-draw -- <record.json | URL> [--log <log.json | URL>] [--entry ID]`: recomputes a published presale
 * draw from its record and checks it against the site's draw log (docs/presale-draw.md); exits 1 when anything does
 * not match. The logic is in src/features/presale/draw/command.ts.
 */
import { readFile } from 'node:fs/promises';
import { verifyDrawCommand } from '@/features/presale';

process.exitCode = await verifyDrawCommand(process.argv.slice(2), {
  readFile: async (path) => new Uint8Array(await readFile(path)),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
