import { describe, expect, it } from 'vitest';
import { readUpload, uploadFileName } from '@/features/media/staff/server/read-upload';

const TOO_LARGE = 'ファイルが大きすぎます。画像は 30 MB までです。';

/** A request whose body arrives in chunks, counting how many were read. */
function streamed(chunks: number[], headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = chunks[pulled++];
        if (size === undefined) controller.close();
        else controller.enqueue(new Uint8Array(size).fill(1));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/upload', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('readUpload', () => {
  it('reads a body within the limit', async () => {
    const { request } = streamed([4, 4, 2], { 'content-length': '10' });
    expect((await readUpload(request, 10, TOO_LARGE)).length).toBe(10);
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const { request, pulled } = streamed([4], { 'content-length': '11' });
    await expect(readUpload(request, 10, TOO_LARGE)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: TOO_LARGE,
    });
    expect(pulled()).toBe(0);
  });

  it('stops reading once an undeclared body passes the limit', async () => {
    const { request, pulled } = streamed([6, 6, 6, 6, 6, 6]);
    await expect(readUpload(request, 10, TOO_LARGE)).rejects.toMatchObject({ status: 413 });
    expect(pulled()).toBeLessThan(6);
  });

  it('refuses a body cut short of its declared length, and an empty one', async () => {
    await expect(
      readUpload(streamed([4], { 'content-length': '8' }).request, 10, TOO_LARGE),
    ).rejects.toMatchObject({ status: 413 });
    await expect(readUpload(streamed([]).request, 10, TOO_LARGE)).rejects.toMatchObject({ status: 400 });
  });

  it('decodes the percent-encoded file name, and falls back on a broken one', () => {
    const named = (value: string) =>
      new Request('http://localhost/upload', { method: 'POST', headers: { 'x-file-name': value } });
    expect(uploadFileName(named(encodeURIComponent('ライブ写真.jpg')), 'image')).toBe('ライブ写真.jpg');
    expect(uploadFileName(named('%E3%81'), 'image')).toBe('image');
    expect(uploadFileName(new Request('http://localhost/upload'), 'image')).toBe('image');
  });
});
