import type { PostResult } from '@/lib/post-json';

const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';

/** postJson for any method: the body on success, or the catalogue's code, Japanese message and field errors. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
): Promise<PostResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
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
