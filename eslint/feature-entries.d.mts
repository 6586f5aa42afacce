// Types of feature-entries.mjs, for its test (the ESLint config itself is plain JavaScript).
import type { ESLint } from 'eslint';

export const ENTRY_FILES: string[];
export const ROOT: string;
export function resolveOwn(specifier: string, importer: string, root?: string): string | null;
export function privateFeatureFile(importer: string, target: string, root?: string): string | null;
export const featureEntriesPlugin: ESLint.Plugin;
export function forbiddenFeature(
  importer: string,
  target: string,
  map?: Record<string, string[]>,
  root?: string,
): { from: string; to: string; allowed: string[] } | null;
