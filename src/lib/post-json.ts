/** What our JSON APIs answer: the body on success, or the catalogue's code and Japanese message (and field errors). */
export type PostResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string> };

const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';

export function postJson<T>(url: string, body: unknown): Promise<PostResult<T>> {
  return sendJson<T>('POST', url, body);
}

/** postJson for any method of our APIs (PUT, PATCH, DELETE too); a missing body is sent as `{}`. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<PostResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, status: 0, code: 'OFFLINE', message: OFFLINE, fields: {} };
  }
  const json = (await response.json().catch(() => null)) as
    (T & { error?: { code?: string; message?: string; fields?: Record<string, string> } }) | null;
  if (response.ok && json) return { ok: true, data: json };
  return {
    ok: false,
    status: response.status,
    code: json?.error?.code ?? 'INTERNAL',
    message: json?.error?.message ?? 'システムエラーが発生しました。時間をおいて再度お試しください。',
    fields: json?.error?.fields ?? {},
  };
}
