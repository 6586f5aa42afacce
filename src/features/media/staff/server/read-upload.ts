import 'server-only';
import { AppError } from '@/lib/errors';

/**
 * The raw body of an upload, refused (413) as soon as it is known to be larger than `maxBytes`: by its declared
 * Content-Length before a byte is read, else while reading. A body shorter than its declared length (cut off on
 * the way) is refused too rather than stored broken.
 */
export async function readUpload(request: Request, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const declaredHeader = request.headers.get('content-length');
  const declared = declaredHeader === null ? null : Number(declaredHeader);
  if (declared !== null && declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (!request.body) throw new AppError('BAD_REQUEST', 'ファイルが送信されませんでした。');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    }
    chunks.push(value);
  }
  if (total === 0) throw new AppError('BAD_REQUEST', 'ファイルが空です。');
  if (declared !== null && Number.isFinite(declared) && total < declared) {
    throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  }
  return Buffer.concat(chunks, total);
}

/** The uploader's file name from the percent-encoded X-File-Name header (only ever displayed). */
export function uploadFileName(request: Request, fallback: string): string {
  const raw = request.headers.get('x-file-name');
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw) || fallback;
  } catch {
    return fallback;
  }
}
