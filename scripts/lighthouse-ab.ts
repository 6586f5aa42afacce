/**
 * `npm run lighthouse:ab -- --a http://localhost:3550 --b http://localhost:3500`: the same Lighthouse runs as
 * `npm run lighthouse` (scripts/lib/lighthouse-audit.ts) on two running demos, A and B, taken in turns page by page,
 * so that both meet the same load of a shared machine: its figures move by seconds of TBT when other work runs, and
 * only a comparison made side by side tells a change from the noise. Prints each run and the medians per page.
 * `--b-edge` instead of `--b`: B is A's demo through the production edge (HTTPS and HTTP/2, deploy/nginx.conf), to
 * compare the two ways of reaching the same build.
 */
import { parseArgs } from 'node:util';
import { firstPhotoPath, startDemoEdge, warm } from './lib/lighthouse-demo';
import { launchChrome, measure, type PageMeasure } from './lib/lighthouse-audit';
import { medianOf } from './lib/lighthouse-report';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    'b-edge': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});

function summary(runs: PageMeasure[]): string {
  const pick = (key: 'score' | 'lcpMs' | 'cls' | 'tbtMs' | 'fcpMs' | 'jsBytes') =>
    medianOf(runs.map((r) => r[key]));
  return [
    `score ${pick('score')}`,
    `LCP ${(pick('lcpMs') / 1000).toFixed(2)} s`,
    `CLS ${pick('cls').toFixed(3)}`,
    `TBT ${Math.round(pick('tbtMs'))} ms`,
    `FCP ${(pick('fcpMs') / 1000).toFixed(2)} s`,
    `JS ${(pick('jsBytes') / 1024).toFixed(1)} kB`,
    `(LCP ${runs.map((r) => (r.lcpMs / 1000).toFixed(2)).join(' ')}; TBT ${runs.map((r) => Math.round(r.tbtMs)).join(' ')})`,
  ].join(', ');
}

async function main(): Promise<void> {
  if (!values.a || (!values.b && !values['b-edge'])) {
    throw new Error('--a and --b name the two running demos (or --b-edge: A through the edge)');
  }
  const a = new URL(values.a).origin;
  const edge = values['b-edge'] ? await startDemoEdge(a) : null;
  const origins = { A: a, B: edge?.edge.base ?? new URL(values.b!).origin };
  // The address this process reads a page or a script from: B's through the edge are A's own.
  const direct = edge?.direct ?? ((url: string) => url);
  const runs = Math.max(1, Number(values.runs) || 1);
  const chrome = await launchChrome({ edge: Boolean(edge) });
  try {
    const pages = [
      { name: 'top', path: () => Promise.resolve('/') },
      { name: 'blog list', path: () => Promise.resolve('/blog') },
      { name: 'photo gallery', path: (origin: string) => firstPhotoPath(direct(origin)) },
    ].filter((page) => !values.only || page.name.includes(values.only));
    for (const page of pages) {
      const urls = {
        A: `${origins.A}${await page.path(origins.A)}`,
        B: `${origins.B}${await page.path(origins.B)}`,
      };
      await warm(urls.A);
      await (edge ? edge.warm(urls.B) : warm(urls.B));
      const results: Record<'A' | 'B', PageMeasure[]> = { A: [], B: [] };
      for (let i = 0; i < runs; i++) {
        // Alternate which goes first, so that neither always follows the other.
        for (const side of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
          const { measure: result } = await measure(urls[side], chrome.port, direct);
          results[side].push(result);
          console.log(
            `  ${page.name} ${side} run ${i + 1}/${runs}: score ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`,
          );
        }
      }
      console.log(`${page.name} A: ${summary(results.A)}`);
      console.log(`${page.name} B: ${summary(results.B)}`);
    }
  } finally {
    chrome.kill();
    await edge?.edge.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
