/**
 * Where a verifier finds a published draw (docs/presale-draw.md, sections 1 and 9): a record at
 * `/api/presales/{presaleId}/record` (or a second round's at `/api/presales/{presaleId}/rounds/{number}/record`) has
 * its site's draw log at `/api/draws/log` on the same origin.
 */
const RECORD_PATH = /^\/api\/presales\/[A-Za-z0-9_-]{1,64}\/(?:rounds\/[1-9][0-9]{0,6}\/)?record\/?$/;

/** Where a presale's record is served: the first round's, or a second round's by its number (section 9). */
export const recordPath = (presaleId: string, round: number | null = null) =>
  round === null ? `/api/presales/${presaleId}/record` : `/api/presales/${presaleId}/rounds/${round}/record`;

export function drawLogUrlFor(recordUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(recordUrl);
  } catch {
    return null;
  }
  return RECORD_PATH.test(url.pathname) ? new URL('/api/draws/log', url.origin).href : null;
}

export const isHttpUrl = (source: string) => /^https?:\/\//i.test(source);

/** A published file's exact bytes; a slow or failing server is an error, not a wait without end. */
export async function fetchBytes(url: string, timeoutMs: number): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** JSON from bytes (UTF-8, no BOM), or null with the reason in Japanese. */
export function parseJsonBytes(bytes: Uint8Array): { json: unknown } | { error: string } {
  try {
    return { json: JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)) };
  } catch {
    return { error: 'UTF-8 の JSON として読めません' };
  }
}
