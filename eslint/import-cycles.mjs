import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { importVisitors, resolveOwn, ROOT } from './feature-entries.mjs';

/**
 * No import cycles in src/ (issue 19, decision 0030): a module and what it imports never lead back to it, dynamic
 * imports included, type-only ones not (the compiler erases them). eslint-plugin-import's `no-cycle` did the same by
 * parsing every imported file again from each file it checked, 70 % of the lint's time (decision 0030); here the
 * import graph of src/ is read once per lint run with TypeScript's parser (no type checking), its cycles found once
 * (strongly connected components), and each file reports its imports that lead back into its own cycle.
 */

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
/** A long-running ESLint (an editor's) reads the graph again once it is this old; a CLI run reads it once. */
const LIFETIME_MS = 60_000;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(file));
    else if (SOURCE.test(entry.name)) files.push(file);
  }
  return files;
}

/**
 * Every specifier a file's text imports at run time: imports, re-exports and `import()`. Type-only imports and
 * re-exports (`import type`, `export type`) are erased by the compiler and make no cycle, as for `import/no-cycle`.
 */
function specifiersOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const literal = (node) => node && ts.isStringLiteral(node) && specifiers.push(node.text);
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly) literal(node.moduleSpecifier);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly) literal(node.moduleSpecifier);
      return;
    }
    if (ts.isImportEqualsDeclaration(node)) {
      if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference))
        literal(node.moduleReference.expression);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      literal(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The files of `root`'s src/ that `importer` imports, as a set. */
function edgesOf(importer, specifiers, src) {
  const targets = new Set();
  for (const specifier of specifiers) {
    const target = resolveOwn(specifier, importer);
    if (target?.startsWith(src)) targets.add(target);
  }
  return targets;
}

/** Tarjan's strongly connected components, iteratively (no recursion depth to run out of). */
export function componentsOf(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.add(member);
        } while (member !== node);
        for (const m of members) component.set(m, members);
      }
    }
  }
  return component;
}

/** The shortest way from `from` back to `to` inside one component, as a list of files. */
function pathBack(graph, members, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const steps = [];
  for (let node = to; node !== null && node !== undefined; node = previous.get(node)) steps.unshift(node);
  return steps;
}

let cached = null;

/** The import graph of `root`/src and its components, read once per lint run (or per LIFETIME_MS). */
export function importGraph(root = ROOT, now = Date.now()) {
  if (cached && cached.root === root && now - cached.readAt < LIFETIME_MS) return cached;
  const src = path.join(root, 'src') + path.sep;
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    graph.set(file, edgesOf(file, specifiersOf(file, fs.readFileSync(file, 'utf8')), src));
  }
  cached = { root, src, graph, components: componentsOf(graph), readAt: now };
  return cached;
}

const noCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}' },
  },
  create(context) {
    const importer = context.filename;
    const read = importGraph();
    if (!importer.startsWith(read.src)) return {};
    // The file as it is being linted (an editor's unsaved text) decides its own imports: where they differ from
    // the file on disk, the components are found again with them (a few milliseconds).
    const own = edgesOf(importer, specifiersOf(importer, context.sourceCode.text), read.src);
    const onDisk = read.graph.get(importer) ?? new Set();
    const same = own.size === onDisk.size && [...own].every((target) => onDisk.has(target));
    const graph = same ? read.graph : new Map(read.graph).set(importer, own);
    const members = (same ? read.components : componentsOf(graph)).get(importer);
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveOwn(source.value, importer);
      if (!target || !own.has(target)) return;
      // Within the file's component, the target leads back to it.
      const cyclic = target === importer || (members?.has(target) && members.size > 1);
      if (!cyclic) return;
      const cycle = [importer, ...pathBack(graph, members, target, importer)]
        .map((file) => path.relative(ROOT, file))
        .join(' -> ');
      context.report({ node: source, messageId: 'cycle', data: { cycle } });
    };
    return importVisitors(check);
  },
};

export const importCyclesPlugin = { rules: { 'no-cycle': noCycle } };
