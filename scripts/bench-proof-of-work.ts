/**
 * `npm run bench:pow`: what the sign-up's proof of work costs (docs/decisions/0024), on the real challenges.
 *
 * - A script: challenges issued by issueChallenge and solved in Node with altcha-lib and node:crypto, as a script
 *   that signs up without a browser must; the wall time and the CPU time of each.
 * - A browser (with `--url http://localhost:3000`, a running app): the account step in headless Chromium (Debian's),
 *   at 390 px, from the challenge's arrival to 「確認が完了しました」, worker start included. The page is loaded
 *   `--runs` times; the form is never submitted, so no account is made.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { issueChallenge, PROOF_OF_WORK } from '@/server/proof-of-work/challenges';
import { solveProof } from '@/server/proof-of-work/solve';

const { values } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(values.runs);

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const summary = (samples: number[]) =>
  `median ${median(samples).toFixed(0)} ms, min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)}`;

async function inNode(): Promise<void> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const challenge = await issueChallenge('00000000-0000-4000-8000-000000000000');
    const started = performance.now();
    const usage = process.cpuUsage();
    await solveProof(challenge);
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `Node ${process.version} (a script), ${runs} challenges: wall ${summary(wall)}; CPU ${summary(cpu)}`,
  );
}

async function inChromium(url: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await context.addInitScript(() => {
      const w = window as unknown as { __readyAt?: number };
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="human-check"] [role="status"]');
        if (state?.getAttribute('data-state') === 'ready') w.__readyAt ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const solve: number[] = [];
    let cores = 0;
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      await page.goto(`${url}/signup`);
      await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt, null, {
        timeout: 30_000,
      });
      const measured = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith('/api/signup/challenge')) as PerformanceResourceTiming;
        const readyAt = (window as unknown as { __readyAt: number }).__readyAt;
        return { ms: readyAt - entry.responseEnd, cores: navigator.hardwareConcurrency };
      });
      solve.push(measured.ms);
      cores = measured.cores;
      await page.close();
    }
    console.log(
      `Chromium ${browser.version()} (${cores} cores), ${runs} page loads: solve ${summary(solve)}`,
    );
  } finally {
    await browser.close();
  }
}

async function main() {
  const { algorithm, cost, counterMin, counterMax } = PROOF_OF_WORK;
  console.log(
    `Challenges: ${algorithm}, ${cost} rounds per try, answer between ${counterMin} and ${counterMax}`,
  );
  await inNode();
  if (values.url) await inChromium(values.url.replace(/\/$/, ''));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
