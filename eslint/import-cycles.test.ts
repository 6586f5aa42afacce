import { readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './feature-entries.mjs';
import { componentsOf, importCyclesPlugin, importGraph } from './import-cycles.mjs';

const BYTES = 'src/features/presale/draw/bytes.ts';
const DRAW = 'src/features/presale/draw/draw.ts';

/** Lints `code` as if it were the file `file` of this repository, with the cycle rule alone. */
async function cycleErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser },
      plugins: { 'import-cycles': importCyclesPlugin },
      rules: { 'import-cycles/no-cycle': 'error' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.message);
}

describe('import-cycles/no-cycle', () => {
  it('finds every cycle of a graph, and nothing in one without', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set<string>()],
    ]);
    const components = componentsOf(graph);
    expect([...components.get('a')!].sort()).toEqual(['a', 'b', 'c']);
    expect(components.get('c')).toBe(components.get('a'));
    expect([...components.get('d')!]).toEqual(['d']);
  });

  it('reads src/ whole, and finds no cycle there', () => {
    const { graph, components } = importGraph();
    expect(graph.get(path.join(ROOT, DRAW))).toContain(path.join(ROOT, BYTES));
    expect([...components.values()].filter((members) => members.size > 1)).toEqual([]);
  });

  it('reports an import that leads back, static or dynamic, and names the way round', async () => {
    // draw.ts imports bytes.ts: bytes.ts importing draw.ts closes a cycle.
    const bytes = readFileSync(path.join(ROOT, BYTES), 'utf8');
    expect(await cycleErrors(BYTES, bytes)).toEqual([]);
    const cycle = `Import cycle: ${BYTES} -> ${DRAW} -> ${BYTES}`;
    expect(await cycleErrors(BYTES, `import { runDraw } from './draw';\nvoid runDraw;\n${bytes}`)).toEqual([
      cycle,
    ]);
    expect(
      await cycleErrors(BYTES, `export { runDraw } from '@/features/presale/draw/draw';\n${bytes}`),
    ).toEqual([cycle]);
    expect(await cycleErrors(BYTES, `void import('./draw');\n${bytes}`)).toEqual([cycle]);
  });

  it('leaves type-only imports alone: the compiler erases them', async () => {
    const bytes = readFileSync(path.join(ROOT, BYTES), 'utf8');
    expect(await cycleErrors(BYTES, `import type { DrawInput } from './draw';\n${bytes}`)).toEqual([]);
    expect(await cycleErrors(BYTES, `export type { DrawInput } from './draw';\n${bytes}`)).toEqual([]);
  });
});
