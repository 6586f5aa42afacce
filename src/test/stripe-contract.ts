import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  NEWER_ENUM_VALUES,
  NEWER_OBJECTS,
  NEWER_PARAMS,
  NEWER_PATHS,
  REMOVED_FIELDS,
} from '@/test/stripe-contract-gaps';
import type { Json, JsonObject, Params } from '@/test/stripe-stand-in-wire';

/**
 * The Stripe stand-in held to Stripe's own contract (docs/decisions/0045): every request the stand-in receives,
 * every answer it gives and every event it emits is checked against Stripe's published OpenAPI document, pinned in
 * src/test/stripe-openapi/spec-subset.json (cut by scripts/stripe-openapi-subset.mjs). The check knows no route of
 * the stand-in: it finds the operation by the request's method and path among the document's path templates, and
 * an event's object schema by its `object`, so a route added to the stand-in is checked without a word here.
 *
 * Answers must match exactly (types, enums, nullability, required fields) but may carry fields the document does
 * not know (newer API). Requests must match exactly, unknown parameters included, except those in
 * stripe-contract-gaps.ts.
 */

type Method = 'get' | 'post' | 'delete';
interface Operation {
  query: object;
  body?: object;
  response?: object;
}
interface Subset {
  info: { source: string; file: string; commit: string; tag: string | null; infoVersion: string };
  paths: Record<string, Partial<Record<Method, Operation>>>;
  schemas: Record<string, { required?: string[]; properties?: Record<string, EnumSchema> }>;
}
/** A property's schema as far as an enum goes: the enum itself, or a nullable one (`anyOf` with `null`). */
interface EnumSchema {
  enum?: string[];
  anyOf?: EnumSchema[];
}

const SUBSET_FILE = new URL('./stripe-openapi/spec-subset.json', import.meta.url);
let loaded: Subset | undefined;

/** The enums of a property's schema (its own, or its nullable branches'). */
export function enumsOf(schema: EnumSchema | undefined): string[][] {
  if (!schema) return [];
  return [...(schema.enum ? [schema.enum] : []), ...(schema.anyOf ?? []).flatMap(enumsOf)];
}

/**
 * The pinned document, with the fields removed since (REMOVED_FIELDS) no longer required and the enum values added
 * since (NEWER_ENUM_VALUES) allowed.
 */
export function openapiSubset(): Subset {
  if (loaded) return loaded;
  const subset = JSON.parse(readFileSync(SUBSET_FILE, 'utf8')) as Subset;
  for (const [name, { fields }] of Object.entries(REMOVED_FIELDS)) {
    const schema = subset.schemas[name];
    if (schema?.required) schema.required = schema.required.filter((field) => !fields.includes(field));
  }
  for (const [dotted, { values }] of Object.entries(NEWER_ENUM_VALUES)) {
    const [name, field] = dotted.split('.') as [string, string];
    for (const allowed of enumsOf(subset.schemas[name]?.properties?.[field])) allowed.push(...values);
  }
  return (loaded = subset);
}

/** A JSON pointer into the subset, as a $ref Ajv resolves (`{` and `/` in path templates escaped). */
const pointer = (...segments: string[]) =>
  'stripe#/' +
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

function createAjv(coerceTypes: boolean): Ajv {
  // strict off: the schemas are Stripe's, translated, not ours to restyle; formats (unix-time, decimal) are dropped.
  // Compiling is the cost (each test file compiles what it meets): refs kept as functions of their own and the code
  // left unoptimised compile in about a third of the time (a subscription's closure: ~0.8 s instead of ~2.5 s),
  // while a check still takes tens of microseconds.
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateFormats: false,
    coerceTypes,
    inlineRefs: false,
    code: { optimize: false },
  });
  ajv.addSchema(openapiSubset(), 'stripe');
  return ajv;
}

// Form encoding carries every value as a string (`unit_amount=550`, `off_session=true`): a request is checked with
// Ajv coercing a string to the scalar type the schema asks for, and only when it reads as one ("550" → 550,
// "true" → true; "5.5" is no integer, "yes" no boolean). Answers are JSON and are never coerced.
let requestAjv: Ajv | undefined;
let answerAjv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

function validator(ref: string, forRequest: boolean): ValidateFunction {
  const key = `${forRequest ? 'request' : 'answer'} ${ref}`;
  let found = validators.get(key);
  if (!found) {
    const ajv = forRequest ? (requestAjv ??= createAjv(true)) : (answerAjv ??= createAjv(false));
    found = ajv.compile({ $ref: ref });
    validators.set(key, found);
  }
  return found;
}

/** Ajv's errors in a line each, the innermost first (an anyOf's own complaint says least). */
function describe(errors: ErrorObject[] | null | undefined): string[] {
  const lines = (errors ?? [])
    .filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf')
    .sort((a, b) => b.instancePath.length - a.instancePath.length)
    .map((e) => {
      const extra =
        'additionalProperty' in e.params
          ? ` (${String(e.params.additionalProperty)})`
          : 'allowedValues' in e.params
            ? ` ${JSON.stringify(e.params.allowedValues)}`
            : '';
      return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
    });
  return [...new Set(lines)].slice(0, 6);
}

let templates: { template: string; pattern: RegExp }[] | undefined;

/** The document's path template for a request path; literal segments win (`/search` over `/{id}`). */
export function templateOf(pathname: string): string | null {
  templates ??= Object.keys(openapiSubset().paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: template.split('{').length,
    }))
    .sort((a, b) => a.params - b.params);
  return templates.find(({ pattern }) => pattern.test(pathname))?.template ?? null;
}

function without(params: Params, dotted: string): void {
  const [head, ...rest] = dotted.split('.');
  const value = params[head!];
  if (rest.length === 0) delete params[head!];
  else if (Array.isArray(value)) {
    for (const item of value)
      if (item && typeof item === 'object' && !Array.isArray(item)) without(item, rest.join('.'));
  } else if (value && typeof value === 'object') without(value, rest.join('.'));
}

const version = () => `Stripe's OpenAPI document ${openapiSubset().info.infoVersion}`;

export interface ContractCheck {
  /** What breaks the document in a request (empty when it holds). `route`: the stand-in's, e.g. `/v1/x/:id`. */
  request(method: string, pathname: string, route: string, params: Params): string[];
  /** What breaks the document in an answer: 200 against the operation's response, any other status an error. */
  answer(method: string, pathname: string, route: string, status: number, body: JsonObject): string[];
  /** What breaks the document in an event: the event's schema and its data.object's by its `object`. */
  event(event: JsonObject): string[];
}

export const stripeContract: ContractCheck = {
  request(method, pathname, route, params) {
    const where = `${method} ${pathname}`;
    const template = templateOf(pathname);
    const operation = template
      ? openapiSubset().paths[template]?.[method.toLowerCase() as Method]
      : undefined;
    if (!template || !operation) {
      if (NEWER_PATHS[`${method} ${route}`] !== undefined) return [];
      return [`${where}: no such operation in ${version()} (a path added since belongs in NEWER_PATHS)`];
    }
    const copy = structuredClone(params);
    for (const { param } of NEWER_PARAMS[`${method} ${template}`] ?? []) without(copy, param);
    const part = method === 'POST' ? 'body' : 'query';
    if (part === 'body' && !operation.body) return [];
    const validate = validator(pointer('paths', template, method.toLowerCase(), part), true);
    if (validate(copy)) return [];
    return describe(validate.errors).map((line) => `${where} request ${part}: ${line} (${version()})`);
  },

  answer(method, pathname, route, status, body) {
    const where = `${method} ${pathname} → ${status}`;
    let ref = pointer('schemas', 'error');
    if (status === 200) {
      const template = templateOf(pathname);
      const operation = template
        ? openapiSubset().paths[template]?.[method.toLowerCase() as Method]
        : undefined;
      if (!template || !operation?.response) {
        if (NEWER_PATHS[`${method} ${route}`] !== undefined) return [];
        return [`${where}: no such operation in ${version()}`];
      }
      ref = pointer('paths', template, method.toLowerCase(), 'response');
    }
    const validate = validator(ref, false);
    if (validate(body)) return [];
    return describe(validate.errors).map((line) => `${where} answer: ${line} (${version()})`);
  },

  event(event) {
    const where = `event ${String(event.type)}`;
    const problems: string[] = [];
    const validate = validator(pointer('schemas', 'event'), false);
    if (!validate(event)) problems.push(...describe(validate.errors).map((line) => `${where}: ${line}`));
    const data = event.data as { object?: Json } | undefined;
    const object = data?.object;
    const type = object && typeof object === 'object' && !Array.isArray(object) ? object.object : undefined;
    if (typeof type !== 'string') return [...problems, `${where}: data.object has no \`object\` type`];
    if (openapiSubset().schemas[type]) {
      const validateObject = validator(pointer('schemas', type), false);
      if (!validateObject(object)) {
        problems.push(
          ...describe(validateObject.errors).map((line) => `${where} data.object (${type}): ${line}`),
        );
      }
    } else if (NEWER_OBJECTS[type] === undefined) {
      problems.push(`${where}: no schema for a data.object of type ${type} in ${version()}`);
    }
    return problems.map((line) => `${line} (${version()})`);
  },
};
