#!/usr/bin/env node
/**
 * Cuts Stripe's published OpenAPI document (the public stripe/openapi repository, `openapi/spec3.yaml` or
 * `spec3.json`) down to what the Stripe stand-in's contract check needs, and writes it to
 * src/test/stripe-openapi/spec-subset.json (docs/decisions/0045). Run again when the pinned document changes:
 *
 *   node scripts/stripe-openapi-subset.mjs <spec3.yaml|spec3.json> --commit <sha> [--tag vNNN] [--path openapi/spec3.yaml]
 *
 * (from a clone: `git show <sha>:openapi/spec3.yaml > /tmp/spec3.yaml`)
 *
 * Kept: every path of the resources below (any method), each operation reduced to its query parameters as one
 * object schema, its form body schema and its 200 response schema, plus the $ref closure of those and of the
 * objects events carry. Each schema is rewritten from OpenAPI 3.0 to the JSON Schema Ajv reads: `nullable: true`
 * becomes `anyOf [..., null]`; descriptions, titles, `format` (Stripe's `unix-time`, `decimal`) and `x-*`
 * annotations are dropped; every object of a request body or query is closed (`additionalProperties: false`), as
 * Stripe refuses unknown parameters at any depth though the document closes only the top level. Expandable fields need nothing more: the document already types them as
 * `anyOf [id string, expanded object]`.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The resources whose paths are kept: those the app calls and the stand-in answers, with some room to grow. */
const RESOURCES = [
  'balance_transactions',
  'charges',
  'customers',
  'disputes',
  'invoice_payments',
  'invoices',
  'payment_intents',
  'payment_methods',
  'prices',
  'products',
  'refunds',
  'setup_intents',
  'subscription_items',
  'subscription_schedules',
  'subscriptions',
];
/** Objects that events carry as `data.object`, kept even where no kept path returns them. */
const EVENT_OBJECTS = ['event', 'error', 'deleted_customer'];
/** Sub-resources of kept resources that neither the app nor the stand-in touch (they only grow the closure). */
const SKIPPED = /\/(sources|tax_ids|cash_balance|funding_instructions|bank_accounts|cards|usage_record)/;

const OUT = 'src/test/stripe-openapi/spec-subset.json';
const DROPPED = new Set(['description', 'title', 'format', 'example', 'externalDocs']);

function argument(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const source = process.argv[2];
const commit = argument('--commit');
if (!source || !commit) {
  console.error(
    'usage: node scripts/stripe-openapi-subset.mjs <spec3.yaml|json> --commit <sha> [--tag vNNN]',
  );
  process.exit(2);
}
const text = readFileSync(source, 'utf8');
const spec = source.endsWith('.json') ? JSON.parse(text) : parse(text);

/** OpenAPI 3.0 schema → JSON Schema (draft 7, as Ajv reads it). */
function toJsonSchema(node, { response }) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, { response }));
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref') out.$ref = value.replace('#/components/schemas/', '#/schemas/');
    else if (key === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema, { response })]),
      );
    // Answers of a newer API version carry fields this document has not heard of: answers stay open.
    else if (key === 'additionalProperties' && value === false && response) continue;
    else out[key] = toJsonSchema(value, { response });
  }
  // Stripe refuses an unknown parameter at any depth (`Received unknown parameter: product_data[nmae]`), but the
  // document closes only the top level of a form body: the check closes every level of a request.
  if (!response && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return node.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function operation(op) {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const body = op.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  const ok = op.responses?.['200']?.content?.['application/json']?.schema;
  return {
    query: {
      type: 'object',
      properties: Object.fromEntries(query.map((p) => [p.name, toJsonSchema(p.schema, { response: false })])),
      required: query.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
    ...(body ? { body: toJsonSchema(body, { response: false }) } : {}),
    ...(ok ? { response: toJsonSchema(ok, { response: true }) } : {}),
  };
}

const paths = {};
for (const [name, item] of Object.entries(spec.paths)) {
  const match = /^\/v1\/([a-z_]+)(\/.*)?$/.exec(name);
  if (!match || !RESOURCES.includes(match[1]) || SKIPPED.test(match[2] ?? '')) continue;
  paths[name] = {};
  for (const method of ['get', 'post', 'delete'])
    if (item[method]) paths[name][method] = operation(item[method]);
}

const schemas = {};
const visit = (node) => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$ref') visit(value);
    else {
      const name = value.replace('#/schemas/', '');
      if (schemas[name]) continue;
      const original = spec.components.schemas[name];
      if (!original) throw new Error(`${value} is not in the document`);
      schemas[name] = toJsonSchema(original, { response: true });
      visit(schemas[name]);
    }
  }
};
visit(paths);
for (const name of EVENT_OBJECTS) visit({ $ref: `#/schemas/${name}` });

const header = {
  source: 'https://github.com/stripe/openapi',
  file: argument('--path') ?? path.basename(source),
  commit,
  tag: argument('--tag') ?? null,
  infoVersion: spec.info.version,
  extracted: new Date().toISOString().slice(0, 10),
  by: 'scripts/stripe-openapi-subset.mjs',
};
// One path or schema a line: small enough to read a diff when the document is re-pinned.
const lines = (record) =>
  Object.keys(record)
    .sort()
    .map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(record[key])}`)
    .join(',\n');
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  `{\n  "info": ${JSON.stringify(header)},\n  "paths": {\n${lines(paths)}\n  },\n  "schemas": {\n${lines(schemas)}\n  }\n}\n`,
);
console.log(
  `${OUT}: ${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas, API ${spec.info.version}`,
);
