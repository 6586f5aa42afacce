import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  featureEntriesPlugin,
  forbiddenFeature,
  privateFeatureFile,
  resolveOwn,
  ROOT,
} from './feature-entries.mjs';

const at = (file: string) => path.join(ROOT, file);

/** Lints `code` as if it were the file `file` of this repository, with one rule of the plugin alone. */
async function entryErrors(file: string, code: string, rule = 'entry-only'): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts'],
      plugins: { 'feature-entries': featureEntriesPlugin },
      rules: { [`feature-entries/${rule}`]: 'error' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  return result!.messages.map((message) => message.message);
}

describe('feature-entries/entry-only', () => {
  it('resolves our own specifiers as TypeScript does, and leaves packages alone', () => {
    const importer = at('src/app/page.tsx');
    expect(resolveOwn('@/features/presale', importer)).toBe(at('src/features/presale/index.ts'));
    expect(resolveOwn('@/features/presale/server', importer)).toBe(at('src/features/presale/server.ts'));
    expect(resolveOwn('../features/presale/ui', importer)).toBe(at('src/features/presale/ui.ts'));
    expect(resolveOwn('react', importer)).toBeNull();
    expect(resolveOwn('@/features/presale/no-such-file', importer)).toBeNull();
  });

  it('allows a feature its own files and everyone its entries, nothing else', () => {
    const apply = at('src/features/presale/server/apply.ts');
    expect(privateFeatureFile(at('src/features/presale/server.ts'), apply)).toBeNull();
    expect(privateFeatureFile(at('src/app/page.tsx'), apply)).toBe('presale');
    expect(privateFeatureFile(at('src/features/tickets/server.ts'), apply)).toBe('presale');
    expect(privateFeatureFile(at('e2e/presale.spec.ts'), at('src/features/presale/testing.ts'))).toBeNull();
    expect(privateFeatureFile(at('src/app/page.tsx'), at('src/server/db/client.ts'))).toBeNull();
  });

  it('reports imports, re-exports and dynamic imports of a private file from outside, in src, scripts and e2e', async () => {
    const code = [
      "import { applyFor } from '@/features/presale/server/apply';",
      "export { drawRecord } from '../src/features/presale/draw/record';",
      "const view = await import('@/features/presale/server/view');",
      "import { savePresale } from '@/features/presale/server';",
    ].join('\n');
    expect(await entryErrors('scripts/zz-example.ts', code)).toEqual([
      expect.stringContaining('through its entry: @/features/presale'),
      expect.stringContaining('through its entry: @/features/presale'),
      expect.stringContaining('through its entry: @/features/presale'),
    ]);
    expect(
      await entryErrors('src/features/presale/zz-example.ts', code.replace('../src/', '../../')),
    ).toEqual([]);
  });
});

describe('feature-entries/feature-map', () => {
  it('lets a feature import itself and the features the map lists for it, nothing else', () => {
    const map = { site: [], auth: ['site'] };
    const site = at('src/features/site/index.ts');
    const auth = at('src/features/auth/server.ts');
    expect(forbiddenFeature(auth, site, map)).toBeNull();
    expect(forbiddenFeature(at('src/features/auth/schemas.ts'), auth, map)).toBeNull();
    expect(forbiddenFeature(site, auth, map)).toEqual({ from: 'site', to: 'auth', allowed: [] });
    expect(forbiddenFeature(at('src/app/page.tsx'), auth, map)).toBeNull();
    expect(forbiddenFeature(at('src/features/front/index.ts'), auth, map)).toEqual({
      from: 'front',
      to: 'auth',
      allowed: [],
    });
  });

  it('reports an import against the direction, naming the map and the allowed list', async () => {
    const code = [
      "import { CONTENT } from '@/features/content';",
      "import { SITE } from '@/features/site';",
      "export { x } from '../content/server';",
      "const content = await import('@/features/content/app');",
    ].join('\n');
    const errors = await entryErrors('src/features/auth/zz-example.ts', code, 'feature-map');
    expect(errors).toHaveLength(3);
    for (const error of errors) {
      expect(error).toContain('The auth feature may not import content. eslint/feature-map.mjs');
      expect(error).toContain('lets auth import: site (decision 0042)');
    }
    expect(await entryErrors('src/app/zz-example.ts', code, 'feature-map')).toEqual([]);
  });
});
