import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { featureEntriesPlugin, privateFeatureFile, resolveOwn, ROOT } from './feature-entries.mjs';

const at = (file: string) => path.join(ROOT, file);

/** Lints `code` as if it were the file `file` of this repository, with the entry rule alone. */
async function entryErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts'],
      plugins: { 'feature-entries': featureEntriesPlugin },
      rules: { 'feature-entries/entry-only': 'error' },
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
