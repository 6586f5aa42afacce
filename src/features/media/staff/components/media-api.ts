import type { StaffMediaFile } from '@/features/media/staff/server/files';
import type { UploadRole } from '@/features/media/staff/roles';

const GENERIC_ERROR = '保存できませんでした。時間をおいて再度お試しください。';
const NETWORK_ERROR = '通信できませんでした。接続を確認して再度お試しください。';

export const mediaBase = (itemId: string) => `/api/staff/content/${itemId}/media`;

/** The Japanese message of a failed answer: the server's own, else a generic one by status. */
function messageOf(status: number, body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  if (typeof message === 'string' && message) return message;
  if (status === 413) return 'ファイルが大きすぎます。';
  if (status === 0) return NETWORK_ERROR;
  return GENERIC_ERROR;
}

export interface RunningUpload {
  done: Promise<StaffMediaFile>;
  cancel(): void;
}

export class UploadCancelled extends Error {}

/**
 * Sends one file as the raw body with XMLHttpRequest, whose upload.onprogress reports the bytes sent (fetch has no
 * upload progress). `onProgress` receives 0–100.
 */
export function startUpload(
  itemId: string,
  role: UploadRole,
  file: File,
  onProgress: (percent: number) => void,
): RunningUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<StaffMediaFile>((resolve, reject) => {
    xhr.open('POST', `${mediaBase(itemId)}?role=${role}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = xhr.response as { file?: StaffMediaFile } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.file) resolve(body.file);
      else reject(new Error(messageOf(xhr.status, body)));
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    xhr.onabort = () => reject(new UploadCancelled('cancelled'));
    xhr.send(file);
  });
  return { done, cancel: () => xhr.abort() };
}

/** A JSON change to the item's files; resolves to the answer's body or throws with the Japanese message. */
export async function sendChange<T>(
  url: string,
  method: 'PATCH' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new Error(messageOf(response.status, json));
  return json as T;
}
