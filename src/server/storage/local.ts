import 'server-only';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  assertStorageKey,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from '@/server/storage/types';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Files under one directory: the embedded default, and what tests use. */
export class LocalStorage implements ObjectStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    // The key check already rules this out; a second look costs nothing and guards against future edits.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return file;
  }

  // The content type is not kept: the media row records it, and the key's extension says it too.
  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const size = await this.sizeOf(file);
    if (size === null) return null;
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
  }

  async head(key: string): Promise<{ size: number } | null> {
    const size = await this.sizeOf(this.pathOf(key));
    return size === null ? null : { size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private async sizeOf(file: string): Promise<number | null> {
    try {
      const info = await stat(file);
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}
