// Types of import-cycles.mjs, for its test (the ESLint config itself is plain JavaScript).
import type { ESLint } from 'eslint';

export function componentsOf(graph: Map<string, Set<string>>): Map<string, Set<string>>;
export function importGraph(
  root?: string,
  now?: number,
): { root: string; src: string; graph: Map<string, Set<string>>; components: Map<string, Set<string>> };
export const importCyclesPlugin: ESLint.Plugin;
