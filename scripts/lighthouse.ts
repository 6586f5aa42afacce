/**
 * `npm run lighthouse`: Lighthouse's performance category (its default mobile settings: a mid-range phone on slow
 * 4G, simulated) on the demo's top page, blog list and a photo gallery, as a signed-out visitor sees them. Starts the
 * demo as `npm start` does (port 3500, data in .data/lighthouse) unless `--url http://host:port` names a running
 * one. Each page is warmed once, then measured `--runs` times (default 3); each figure counts as its median over
 * the runs (the scripts and the LCP element from the run with the median score).
 * Measured as phones reach a deployment: over HTTPS and HTTP/2 through the production edge (deploy/nginx.conf, on
 * port 3543 with a certificate of its own; decision 0014). `--direct`, or a machine without nginx: the app itself
 * over plain HTTP/1.1, where Lighthouse's simulation opens six new connections for the page's scripts.
 * Prints the figures against the targets (score >= 95, CLS <= 0.05, LCP <= 2.0 s on every page; at most 130 kB of
 * compressed JavaScript on the top page; the Firebase auth SDK not requested before the first contentful paint)
 * and writes them to bench/results/lighthouse-<time>.json. Exits non-zero when a target is missed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import {
  firstPhotoPath,
  startDemo,
  startDemoEdge,
  warm,
  type Demo,
  type DemoEdge,
} from './lib/lighthouse-demo';
import { hasNginx } from './lib/edge';
import { launchChrome, measure, type PageMeasure } from './lib/lighthouse-audit';
import { checkTargets, medianOf, printTable } from './lib/lighthouse-report';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    // Keeps each counted run's full report (for the Lighthouse viewer) in this folder.
    'save-lhr': { type: 'string' },
    // Measures only the pages whose name contains this (top, blog, photo), when working on one of them.
    only: { type: 'string' },
    direct: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);

async function measurePage(
  url: string,
  port: number,
  edge: DemoEdge | null,
): Promise<{ best: PageMeasure; all: PageMeasure[] }> {
  await (edge ? edge.warm(url) : warm(url));
  const all: { result: PageMeasure; lhr: Result }[] = [];
  for (let i = 0; i < runs; i++) {
    const { measure: result, lhr } = await measure(url, port, edge?.direct);
    console.log(
      `  ${url} run ${i + 1}/${runs}: score ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(result.tbtMs)} ms, unthrottled first paint ${Math.round(result.observedFcpMs)} ms, largest ${Math.round(result.observedLcpMs)} ms`,
    );
    all.push({ result, lhr });
  }
  const sorted = [...all].sort((a, b) => a.result.score - b.result.score);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  // Each figure is its own median over the runs: the run with the median score is one run of several with the
  // same score (99, 99, 99…), and its LCP any of theirs.
  const figures = (['score', 'fcpMs', 'lcpMs', 'cls', 'tbtMs'] as const).map((key) => [
    key,
    medianOf(all.map((run) => run.result[key])),
  ]);
  if (values['save-lhr']) {
    await mkdir(values['save-lhr'], { recursive: true });
    const name = new URL(url).pathname.split('/')[1] || 'top';
    await writeFile(path.join(values['save-lhr'], `${name}.lhr.json`), JSON.stringify(median.lhr));
  }
  return { best: { ...median.result, ...Object.fromEntries(figures) }, all: all.map((run) => run.result) };
}

/** Every run's figures go to the summary; the script list only for the run that counts. */
function withoutScripts(run: PageMeasure): Omit<PageMeasure, 'scripts'> {
  const figures: Partial<PageMeasure> = { ...run };
  delete figures.scripts;
  return figures as Omit<PageMeasure, 'scripts'>;
}

async function main(): Promise<number> {
  let demo: Demo | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let edge: DemoEdge | null = null;
  const stop = () => {
    void Promise.all([edge?.edge.stop(), demo?.stop()]).then(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const origin = values.url ? new URL(values.url).origin : (demo = await startDemo()).origin;
    const pages = [
      { name: 'top', path: '/' },
      { name: 'blog list', path: '/blog' },
      { name: 'photo gallery', path: await firstPhotoPath(origin) },
    ];
    if (!values.direct && hasNginx()) edge = await startDemoEdge(origin);
    const base = edge?.edge.base ?? origin;
    const via = edge
      ? `${base}: HTTPS and HTTP/2 through deploy/nginx.conf`
      : `${origin}: HTTP/1.1, the app itself`;
    console.log(`Measuring ${via}`);
    chrome = await launchChrome({ edge: Boolean(edge) });
    const results = [];
    for (const page of pages.filter((p) => !values.only || p.name.includes(values.only))) {
      const { best, all } = await measurePage(`${base}${page.path}`, chrome.port, edge);
      results.push({ ...page, ...best, runs: all.map(withoutScripts) });
    }
    const checks = checkTargets(results);
    printTable(results, checks);

    const dir = path.resolve('bench/results');
    await mkdir(dir, { recursive: true });
    const at = new Date().toISOString();
    const file = path.join(dir, `lighthouse-${at.replaceAll(':', '-')}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ at, origin: base, via, runs, pages: results, checks }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
    return checks.every((check) => check.pass) ? 0 : 1;
  } finally {
    chrome?.kill();
    await edge?.edge.stop();
    await demo?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
