/** An inclusive byte range, as HTTP's `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** The whole object, or only the requested range. */
  body: ReadableStream<Uint8Array>;
  /** The size of the whole object, also for a range read (for Content-Range). */
  size: number;
}

/**
 * Where uploaded files live. Objects are written once and never changed in place, so a size recorded at write time
 * stays true. Keys are relative paths of safe characters (see isValidStorageKey).
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. The range must lie within the object (the caller checks it). */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

// Segments start with a letter or digit, so neither `.`, `..` nor hidden files can be named; no empty segments.
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys become file paths on disk and object names in a bucket: only a narrow, portable alphabet is accepted. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.includes('..');
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
