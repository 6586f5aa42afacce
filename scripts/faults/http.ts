/**
 * One HTTP request of the fault suite, as a browser would send it, with its own client timeout so that the suite
 * never hangs. A request that got no answer says why: the client gave up (timeout) or the connection failed
 * (network: refused, reset by a killed app...), which the suite's figures keep apart from an answered error.
 */
export const CLIENT_TIMEOUT = { ms: 30_000 };

export interface Answer {
  /** 0 when no answer came. */
  status: number;
  failure: 'timeout' | 'network' | null;
  error: string | null;
  /** From sending to the end of the body (or to the failure). */
  ms: number;
  startedAt: number;
  headers: Headers | null;
  text: string;
}

export interface RequestInit {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  cookie?: string;
  accept?: string;
  timeoutMs?: number;
}

export async function send(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const startedAt = Date.now();
  const headers: Record<string, string> = { accept: init.accept ?? 'text/html' };
  if (init.cookie) headers.cookie = init.cookie;
  const method = init.method ?? 'GET';
  // The app refuses a state change without the page's own Origin, as a browser sends it.
  if (method === 'POST') headers.origin = base;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const signal = AbortSignal.timeout(init.timeoutMs ?? CLIENT_TIMEOUT.ms);
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
      signal,
    });
    const text = await response.text();
    const ms = Date.now() - startedAt;
    return {
      status: response.status,
      failure: null,
      error: null,
      ms,
      startedAt,
      headers: response.headers,
      text,
    };
  } catch (error) {
    const ms = Date.now() - startedAt;
    const timedOut = signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
    return {
      status: 0,
      failure: timedOut ? 'timeout' : 'network',
      error: cause || String(error),
      ms,
      startedAt,
      headers: null,
      text: '',
    };
  }
}

export function jsonOf(answer: Answer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(answer.text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** How an answer is shown in the figures: the status, or why there was none. */
export const describe = (answer: Answer) => (answer.status ? String(answer.status) : answer.failure!);

/** Hiragana, katakana or kanji. */
export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** The session cookie the app sets at sign-in, as the Cookie header sends it back. */
export function sessionCookieOf(answer: Answer): string | null {
  for (const line of answer.headers?.getSetCookie() ?? []) {
    const pair = line.split(';')[0]!;
    if (pair.startsWith('__Host-fc_session=') && pair.length > '__Host-fc_session='.length) return pair;
  }
  return null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
