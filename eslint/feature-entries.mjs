import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURE_MAP, FEATURE_MAP_FILE } from './feature-map.mjs';

/**
 * A feature is reached from outside its folder only through its entries (decision 0030):
 *   index.ts (types, pure functions), ui.ts (components), server.ts (server code plain Node can load),
 *   app.ts (server code that needs Next.js), testing.ts (test helpers).
 */
export const ENTRY_FILES = ['./index.ts', './ui.ts', './server.ts', './app.ts', './testing.ts'];

const FEATURES = 'src/features';
/** The project's root: zones are paths relative to it, wherever eslint runs from. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the entry rule looks: every file but the project's root configs (the zones of decision 0030). */
const CHECKED = ['src', 'scripts', 'e2e'].map((dir) => path.join(ROOT, dir) + path.sep);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.d.ts'];
const ENTRY_NAMES = new Set(ENTRY_FILES.map((file) => path.basename(file, '.ts')));

/** Each path resolved once per lint run: the folders do not change while it runs. */
const resolved = new Map();
/**
 * The file a specifier of our own code names, as TypeScript resolves it (`@/` is `src/`, tsconfig's only path), or
 * null for a package or a file that does not exist. Only our own paths can lead into a feature, so no resolver of
 * packages is needed, and each distinct target is looked up once.
 */
export function resolveOwn(specifier, importer, root = ROOT) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = path.resolve(path.dirname(importer), specifier);
  else return null;
  if (resolved.has(base)) return resolved.get(base);
  const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  const candidates = [
    ...EXTENSIONS.map((ext) => base + ext),
    base,
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const file = candidates.find(isFile) ?? null;
  resolved.set(base, file);
  return file;
}

/**
 * Which feature's private file `target` is, seen from `importer` (null when the import is allowed): a file inside
 * src/features/<name>/ other than one of its entry files, imported from anywhere outside that feature's folder.
 */
export function privateFeatureFile(importer, target, root = ROOT) {
  const features = path.join(root, FEATURES) + path.sep;
  if (!target.startsWith(features)) return null;
  const [feature, ...rest] = path.relative(features, target).split(path.sep);
  if (importer.startsWith(features + feature + path.sep)) return null;
  const entry = rest.length === 1 && ENTRY_NAMES.has(rest[0].replace(/\.(d\.ts|[cm]?[jt]sx?)$/, ''));
  return entry ? null : feature;
}

/**
 * The importing and the imported feature, with what the map allows the first, when the map forbids the import; null
 * when it allows it: within one feature, a feature the map lists, or a file outside src/features on either side.
 */
export function forbiddenFeature(importer, target, map = FEATURE_MAP, root = ROOT) {
  const features = path.join(root, FEATURES) + path.sep;
  if (!importer.startsWith(features) || !target.startsWith(features)) return null;
  const from = path.relative(features, importer).split(path.sep)[0];
  const to = path.relative(features, target).split(path.sep)[0];
  // A file at the folder's top (src/features/package.json) belongs to no feature.
  if (from === to || from.includes('.') || to.includes('.')) return null;
  const allowed = map[from] ?? [];
  return allowed.includes(to) ? null : { from, to, allowed };
}

/**
 * ESLint visitors that call `check` with every node naming a module: imports, re-exports, dynamic imports and
 * `import x = require()` (as `{ importKind, source }`). `check` reads `node.source`, and `importKind`/`exportKind`.
 */
export function importVisitors(check) {
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
    TSImportEqualsDeclaration: (node) =>
      node.moduleReference.type === 'TSExternalModuleReference' &&
      check({ importKind: node.importKind, source: node.moduleReference.expression }),
  };
}

/**
 * A feature is reached from outside its folder only through its entry files. The same zones as eslint-plugin-import's
 * `no-restricted-paths` had, one per feature (decision 0030), checked on each import's resolved file; that rule
 * resolved every zone's exception paths again for every import, 45 % of the whole lint's time (decision 0030).
 */
const entryOnly = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      private:
        'Import the {{feature}} feature through its entry: @/features/{{feature}} (types, pure functions), /ui, /server, /app or /testing.',
    },
  },
  create(context) {
    const importer = context.filename;
    if (!CHECKED.some((dir) => importer.startsWith(dir))) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveOwn(source.value, importer);
      const feature = target && privateFeatureFile(importer, target);
      if (feature) context.report({ node: source, messageId: 'private', data: { feature } });
    };
    return importVisitors(check);
  },
};

/**
 * Features import each other in one direction: each only the features eslint/feature-map.mjs lists for it (decision
 * 0042). Type-only imports count too: a type a lower feature needs belongs to that feature or below.
 */
const featureMap = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      direction:
        'The {{from}} feature may not import {{to}}. ' +
        FEATURE_MAP_FILE +
        ' lets {{from}} import: {{allowed}} (decision 0042). Move the shared code down to the lower feature, or to ' +
        'src/lib or src/server.',
    },
  },
  create(context) {
    const importer = context.filename;
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveOwn(source.value, importer);
      const found = target && forbiddenFeature(importer, target);
      if (!found) return;
      const allowed = found.allowed.length > 0 ? found.allowed.join(', ') : 'no other feature';
      context.report({ node: source, messageId: 'direction', data: { ...found, allowed } });
    };
    return importVisitors(check);
  },
};

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

export const featureEntriesPlugin = {
  rules: { 'entry-use': entryUse, 'entry-only': entryOnly, 'feature-map': featureMap },
};
