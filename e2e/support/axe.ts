import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { fontsReady } from './sites';

const BLOCKING = new Set(['serious', 'critical']);

function describe(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}

/** No serious or critical axe violation on the page as it is; minor ones are logged. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await fontsReady(page);
  // Right after a client-side navigation Next.js may still be writing the new page's title (seen once in CI).
  await expect(page).toHaveTitle(/\S/);
  // A toast or panel still fading in is measured at its passing opacity (a contrast of 2.95 seen once in CI): the
  // page is analysed as it settles, finite animations and transitions finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Every rule runs; only the violations come back with every node. axe otherwise builds a selector and an HTML
  // excerpt for each node of each passing rule, most of an analysis's time on a full page, for nothing read here
  // (passes still list each rule that passed, with one node).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.log(`${label}: minor axe findings\n${describe(minor)}`);
  expect(blocking, `${label}: serious or critical axe violations\n${describe(blocking)}`).toEqual([]);
  // The rules did run against a real page.
  expect(results.passes.length).toBeGreaterThan(10);
}
