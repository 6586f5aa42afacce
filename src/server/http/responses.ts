import 'server-only';

// Plain web Responses: the front server's direct routes (decision 0034) answer with them outside Next.js.
import { AppError, ERROR_CATALOGUE, retryAfterOf, type ErrorCode } from '@/lib/errors';
import { dbHealth } from '@/server/db/health';

/** Personal answers are never stored by a browser or a shared cache. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export function jsonOk<T>(body: T, init: { status?: number } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: PRIVATE });
}

/**
 * A private JSON answer as plain data, for a direct route to hand the front server (direct-routes.ts), which writes it
 * to the Node response as it is: at the result time, making a web Response and reading its body back cost a tenth of
 * the answer's CPU (issue 40). It reads like a Response where a test reads one (status, json(), text()).
 */
export class JsonAnswer {
  readonly serialized: string;
  readonly headers: Readonly<Record<string, string>> = {
    'cache-control': PRIVATE['Cache-Control'],
    'content-type': 'application/json',
  };
  constructor(
    body: unknown,
    readonly status = 200,
  ) {
    this.serialized = JSON.stringify(body);
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.serialized) as unknown;
  }
  async text(): Promise<string> {
    return this.serialized;
  }
}

/**
 * `{ error: { code, message } }` with the catalogue's status and Japanese message; a 503 or a 429 says when to retry.
 */
export function jsonError(
  code: ErrorCode,
  message: string = ERROR_CATALOGUE[code].message,
  retryAfter: number | undefined = retryAfterOf(code),
): Response {
  const status = ERROR_CATALOGUE[code].status;
  const headers = retryAfter === undefined ? PRIVATE : { ...PRIVATE, 'Retry-After': String(retryAfter) };
  return Response.json({ error: { code, message } }, { status, headers });
}

/**
 * The answer to an error a route handler did not expect: an AppError as its code says; the database being down,
 * timing out or locked as 503 UNAVAILABLE (worth retrying, and recorded so the front server answers at once while
 * it lasts); anything else as 500.
 */
export function jsonFromError(error: unknown): Response {
  if (error instanceof AppError) return jsonError(error.code, error.message, error.retryAfterSeconds);
  if (dbHealth().report(error)) return jsonError('UNAVAILABLE');
  console.error(error);
  return jsonError('INTERNAL');
}

/** At most this many bytes of a JSON body are read; a larger one is refused unread. */
export const MAX_JSON_BYTES = 16 * 1024;

/** The request's JSON body, or undefined when it is missing, too large or not JSON. */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return undefined;
  const text = await request.text().catch(() => '');
  if (text.length === 0 || text.length > maxBytes) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 422 with the first message of each field, so a form shows each beside its field; nothing is saved. */
export function jsonInvalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Response {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'form';
    fields[field] ??= issue.message;
  }
  return Response.json(
    { error: { code: 'VALIDATION', message: ERROR_CATALOGUE.VALIDATION.message, fields } },
    { status: 422, headers: PRIVATE },
  );
}
