// @ts-check
/**
 * Compiles the production entry (src/main/index.ts) with the app: `dist/main.mjs` and its chunks, run by plain node
 * (docs/decisions/0040). Packages stay in node_modules, loaded by node as Next.js loads them; the app's own modules are
 * bundled, TypeScript compiled once here rather than at every start.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');

/** @type {import('esbuild').Plugin} */
const processModules = {
  name: 'process-modules',
  setup(pluginBuild) {
    // `server-only` throws outside React's server condition; outside Next.js the whole bundle is server code.
    pluginBuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
    // Next.js loads its cache handler by its path: this process must import that very file, not a copy, so that
    // both hold one store (one ES module per file URL; docs/decisions/0023). The entry only loads a chunk: the path
    // is relative to the chunks' folder.
    pluginBuild.onResolve({ filter: /next-cache\/page-store\.mjs$/ }, () => ({
      path: path.relative(
        path.join(outdir, 'chunks'),
        path.join(root, 'src/server/next-cache/page-store.mjs'),
      ),
      external: true,
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main/index.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  plugins: [processModules],
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `Server entry compiled: dist/main.mjs (${(bytes / 1024).toFixed(0)} KiB in ${Object.keys(result.metafile.outputs).length} files)`,
);
