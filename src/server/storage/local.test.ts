import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '@/server/storage/local';
import { isValidStorageKey, type ObjectStorage } from '@/server/storage/types';

let root: string;
let storage: ObjectStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'fc-storage-'));
  storage = new LocalStorage(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const text = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('LocalStorage', () => {
  it('writes, reads, ranges, sizes and deletes a file under its root', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await storage.put('sites/a/b/original.jpg', bytes, 'image/jpeg');
    expect(await readFile(path.join(root, 'sites/a/b/original.jpg'))).toEqual(bytes);

    const whole = await storage.get('sites/a/b/original.jpg');
    expect(whole?.size).toBe(16);
    expect(await text(whole!.body)).toEqual(bytes);

    const part = await storage.get('sites/a/b/original.jpg', { start: 3, end: 6 });
    expect(part?.size).toBe(16);
    expect((await text(part!.body)).toString()).toBe('3456');

    expect(await storage.head('sites/a/b/original.jpg')).toEqual({ size: 16 });
    await storage.delete('sites/a/b/original.jpg');
    expect(await storage.get('sites/a/b/original.jpg')).toBeNull();
    expect(await storage.head('sites/a/b/original.jpg')).toBeNull();
    await storage.delete('sites/a/b/original.jpg');
  });

  it('replaces a file whole', async () => {
    await storage.put('x/replace.bin', Buffer.from('first version'), 'application/octet-stream');
    await storage.put('x/replace.bin', Buffer.from('2nd'), 'application/octet-stream');
    expect(await storage.head('x/replace.bin')).toEqual({ size: 3 });
  });

  it('answers null for a directory or a missing file', async () => {
    expect(await storage.get('sites')).toBeNull();
    expect(await storage.head('missing/file.webp')).toBeNull();
  });

  it.each([
    '../escape.jpg',
    'a/../../b.jpg',
    'a/..',
    '/etc/passwd',
    'a//b',
    'a/b/',
    '.hidden',
    'a\\b',
    'a b.jpg',
    'a/b?.jpg',
    'ファイル.jpg',
    '',
  ])('refuses the key %j', async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
  });
});
