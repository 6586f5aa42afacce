import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A feature is reached from outside its folder only through its entries (decision 0030):
 *   index.ts (types, pure functions), ui.ts (components), server.ts (server code plain Node can load),
 *   app.ts (server code that needs Next.js), testing.ts (test helpers).
 */
export const ENTRY_FILES = ['./index.ts', './ui.ts', './server.ts', './app.ts', './testing.ts'];

const FEATURES = 'src/features';
/** The project's root: zones are paths relative to it, wherever eslint runs from. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One `import/no-restricted-paths` zone per feature: every other file may import only its entry files. */
export function featureZones(root = ROOT) {
  const features = fs
    .readdirSync(path.join(root, FEATURES), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  // Everything in src/ except the features folder, then each feature's folder: a zone's target is a list of paths.
  const outside = fs
    .readdirSync(path.join(root, 'src'))
    .filter((name) => name !== 'features')
    .map((name) => `./src/${name}`);
  return features.map((feature) => ({
    target: [
      ...outside,
      './scripts',
      './e2e',
      ...features.filter((f) => f !== feature).map((f) => `./${FEATURES}/${f}`),
    ],
    from: `./${FEATURES}/${feature}`,
    except: ENTRY_FILES,
    message: `Import the ${feature} feature through its entry: @/features/${feature} (types, pure functions), /ui, /server, /app or /testing.`,
  }));
}

const SERVER_ENTRY = /^@\/features\/[^/]+\/(server|app)$/;
const TESTING_ENTRY = /^@\/features\/[^/]+\/testing$/;
const TEST_FILE = /(\.test\.[cm]?[jt]sx?|[/\\]e2e[/\\].*|[/\\]src[/\\]test[/\\].*|fixtures?[^/\\]*)$/;

/** A 'use client' file never takes server code (types excepted: they are erased); only tests take test helpers. */
const entryUse = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      server:
        "A 'use client' file must not import {{source}}: it would put server code in the browser bundle.",
      testing: '{{source}} is for tests only.',
    },
  },
  create(context) {
    const body = context.sourceCode.ast.body;
    const useClient = body.some((n) => n.type === 'ExpressionStatement' && n.directive === 'use client');
    const isTest = TEST_FILE.test(context.filename);
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      if (useClient && !typeOnly && SERVER_ENTRY.test(source))
        context.report({ node, messageId: 'server', data: { source } });
      if (!isTest && TESTING_ENTRY.test(source))
        context.report({ node, messageId: 'testing', data: { source } });
    };
    const allTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, allTypes(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, allTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

export const featureEntriesPlugin = { rules: { 'entry-use': entryUse } };
