import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { featureEntriesPlugin } from './eslint/feature-entries.mjs';
import { importCyclesPlugin } from './eslint/import-cycles.mjs';

const layer = (pattern, message) => ({ group: [pattern], message });

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'dist/**',
    '.data/**',
    'node_modules/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
  ]),
  {
    rules: {
      // Environment variables are read in src/server/env.ts and src/lib/public-env.ts only.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Use @/server/env.' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    // One lint run, nothing edited meanwhile: a resolved import stays resolved (eslint-plugin-import forgets it after
    // 30 s by default, and resolves it again from every folder that imports it).
    settings: { 'import/cache': { lifetime: Infinity } },
  },
  // No import cycles: a module and what it imports at run time never lead back to it (eslint/import-cycles.mjs).
  {
    files: ['src/**'],
    plugins: { 'import-cycles': importCyclesPlugin },
    rules: { 'import-cycles/no-cycle': 'error' },
  },
  // A feature is reached only through its entries; client files never take server entries (decision 0030); features
  // import each other only as eslint/feature-map.mjs allows, one way, tests included (decision 0041).
  {
    files: ['src/**', 'scripts/**', 'e2e/**'],
    plugins: { 'feature-entries': featureEntriesPlugin },
    rules: {
      'feature-entries/entry-only': 'error',
      'feature-entries/entry-use': 'error',
      'feature-entries/feature-map': 'error',
    },
  },
  { files: ['src/server/env.ts', '*.config.*', 'e2e/**'], rules: { 'no-restricted-properties': 'off' } },
  // Imports flow one way: lib, components/ui, server -> features -> app. No exceptions, tests included: the
  // database layer declares its jsonb columns' types itself (src/server/db/json-types.ts, decision 0021).
  {
    files: ['src/lib/**', 'src/components/**', 'src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // '@/features/...' or a relative path that climbs into src/features.
              regex: '^(@/|(\\.\\./)+)features(/|$)',
              message:
                'The infrastructure layer never imports a feature (features import it): declare the type or ' +
                'helper here, or move the code into the feature (docs/decisions/0021).',
            },
            layer('@/app/*', 'No app imports here.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [layer('@/app/*', 'Features must not import routes.')],
          paths: [
            {
              name: 'sonner',
              importNames: ['toast'],
              message: 'Use @/components/ui/toast: it mounts the lazily loaded toaster.',
            },
          ],
        },
      ],
    },
  },
]);
