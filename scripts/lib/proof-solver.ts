/**
 * The fans' phones of the opening bench (bench-opening.ts): solves sign-up challenges, one line of JSON in
 * (`{ id, challenge }`), one out (`{ id, proof, ms }` or `{ id, error }`). Run at the lowest priority (nice 19), so
 * that the work a phone would do takes only CPU the app under test leaves idle.
 */
import { createInterface } from 'node:readline';
import type { Challenge } from 'altcha-lib';
import { solveProof } from '@/server/proof-of-work/solve';

const lines = createInterface({ input: process.stdin });
// One at a time: the pool runs several of these processes, each a phone.
let queue = Promise.resolve();
lines.on('line', (line) => {
  queue = queue.then(async () => {
    const { id, challenge } = JSON.parse(line) as { id: number; challenge: Challenge };
    const started = performance.now();
    try {
      const proof = await solveProof(challenge);
      process.stdout.write(`${JSON.stringify({ id, proof, ms: Math.round(performance.now() - started) })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`);
    }
  });
});
