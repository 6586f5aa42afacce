const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';
const FAILED = '読み込めませんでした。時間をおいて再度お試しください。';

/** GET one of our JSON APIs for TanStack Query: the body, or an Error carrying the API's Japanese message. */
export async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch {
    throw new Error(OFFLINE);
  }
  const json = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok || !json) throw new Error(json?.error?.message ?? FAILED);
  return json;
}
