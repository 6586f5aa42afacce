/**
 * Stripe's wire format, for the stand-in: form-encoded parameters with bracketed keys (`items[0][price]=...`), its
 * error bodies, and `expand[]` over JSON objects.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Param = string | Param[] | Params;
export type Params = { [key: string]: Param };

/** Stripe's error body; `status` is the HTTP status it is sent with (402 for card errors). */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
      message: string;
      code?: string;
      decline_code?: string;
      param?: string;
      /** The declined charge, when the attempt made one. */
      charge?: string;
      /** A card error of a PaymentIntent carries the intent as it is after the failed attempt. */
      payment_intent?: JsonObject;
      payment_method?: JsonObject;
    },
  ) {
    super(body.message);
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StandInError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

export const invalid = (message: string, param?: string) =>
  new StandInError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

/** A refused card, as Stripe answers it (HTTP 402). */
export const cardError = (code: string, declineCode?: string) =>
  new StandInError(402, {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message: declineCode ? `Your card was declined (${declineCode}).` : `Your card was refused (${code}).`,
  });

function indexed(node: Params): Param {
  const keys = Object.keys(node);
  for (const key of keys) if (typeof node[key] === 'object') node[key] = indexed(node[key] as Params);
  const isList = keys.length > 0 && keys.every((key, i) => key === String(i));
  return isList ? keys.map((key) => node[key]!) : node;
}

export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[').map((part, i) => (i === 0 ? part : part.replace(/]$/, '')));
    const keys = [head!, ...rest];
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Params;
    });
  }
  return indexed(root) as Params;
}

export const list = (data: JsonObject[], url: string): JsonObject => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

export const bool = (value: string | undefined) => value === 'true';

/** A `created` filter (`created[gte]`, `created[lt]`, ...) as a test of a timestamp. */
export function createdFilter(params: Params): (created: number) => boolean {
  const range = params.created;
  if (range === undefined) return () => true;
  if (typeof range === 'string') return (created) => created === Number(range);
  if (Array.isArray(range)) throw invalid('Invalid object', 'created');
  const bound = (key: string) => (typeof range[key] === 'string' ? Number(range[key]) : null);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (created) =>
    (gt === null || created > gt) &&
    (gte === null || created >= gte) &&
    (lt === null || created < lt) &&
    (lte === null || created <= lte);
}

export const text = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
};

export const record = (params: Params, key: string): Record<string, string> => {
  const value = params[key];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, key);
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};

/**
 * Metadata after an update, as Stripe applies it: the keys given are set, a key given empty is removed, the others
 * are kept; `metadata=` (empty) removes them all.
 */
export function updatedMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  if (params.metadata === undefined) return current;
  if (params.metadata === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(record(params, 'metadata'))) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export function refuseUnknown(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw new StandInError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: key,
        message: `Received unknown parameter: ${key}`,
      });
    }
  }
}

export interface Expander {
  /** The object an id names, rendered, or undefined when it is not an expandable id. */
  byId(id: string): JsonObject | undefined;
  /** Fields Stripe only returns when expanded (`includable`), e.g. an invoice's confirmation_secret. */
  includable(owner: JsonObject, field: string): Json | undefined;
}

/** Applies one `expand[]` path to `value` in place, refusing what Stripe would refuse. */
export function expandPath(value: JsonObject, path: string, expander: Expander): void {
  const walk = (node: JsonObject, segments: string[], whole: string): void => {
    const [head, ...rest] = segments;
    if (!head) return;
    const included = expander.includable(node, head);
    if (included !== undefined) node[head] = included;
    const field = node[head];
    if (typeof field === 'string') {
      const target = expander.byId(field);
      if (!target) throw invalid(`This property cannot be expanded (${whole}).`, 'expand');
      node[head] = target;
      walk(target, rest, whole);
    } else if (Array.isArray(field)) {
      for (const item of field)
        if (item && typeof item === 'object' && !Array.isArray(item)) walk(item, rest, whole);
    } else if (field && typeof field === 'object') {
      if (rest.length === 0 && included === undefined) {
        throw invalid(`This property cannot be expanded (${whole}).`, 'expand');
      }
      walk(field, rest, whole);
    } else if (field === undefined) {
      throw invalid(`This property cannot be expanded (${whole}).`, 'expand');
    }
  };
  walk(value, path.split('.'), path);
}

export function expandAll(value: JsonObject, params: Params, expander: Expander): JsonObject {
  const paths = params.expand;
  if (paths === undefined) return value;
  if (!Array.isArray(paths)) throw invalid('Invalid array', 'expand');
  for (const path of paths) if (typeof path === 'string') expandPath(value, path, expander);
  return value;
}
