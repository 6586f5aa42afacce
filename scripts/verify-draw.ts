/**
 * `npm run verify-draw -- <record.json> [--entry ID]`: recomputes a published presale draw from its record alone
 * (docs/presale-draw.md) and exits 1 when anything does not match. With --entry, prints that entry's result.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyDrawRecord } from '@/features/presale';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { entry: { type: 'string' } } });
const file = positionals[0];
if (!file) {
  console.error('usage: npm run verify-draw -- <record.json> [--entry ID]');
  process.exit(2);
}
let record: unknown;
try {
  record = JSON.parse(await readFile(file, 'utf8'));
} catch (error) {
  console.error(`cannot read ${file}: ${String(error)}`);
  process.exit(2);
}
const verification = await verifyDrawRecord(record);
const count = (outcome: string) => verification.results.filter((r) => r.outcome === outcome).length;
console.log(
  `entries ${verification.results.length}: won ${count('won')}, lost ${count('lost')}, void ${count('void')}`,
);
if (values.entry) {
  const mine = verification.results.find((r) => r.entry === values.entry);
  console.log(mine ? JSON.stringify(mine) : `entry ${values.entry} is not in the record`);
}
for (const problem of verification.problems) console.error(`NG: ${problem}`);
console.log(verification.ok ? 'OK: the record verifies (fc-draw-v1)' : 'NG: the record does not verify');
process.exit(verification.ok ? 0 : 1);
