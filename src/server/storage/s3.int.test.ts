import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '@/server/storage/s3';
import { startS3StandIn, type S3StandIn } from '@/test/s3-stand-in';

let standIn: S3StandIn;
let storage: S3Storage;

beforeAll(async () => {
  standIn = await startS3StandIn();
  storage = new S3Storage({
    endpoint: standIn.endpoint,
    region: 'ap-northeast-1',
    bucket: standIn.bucket,
    accessKeyId: 'AKIASTANDIN',
    secretAccessKey: 'stand-in-secret',
    forcePathStyle: true,
  });
});
afterAll(async () => standIn?.close());

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('S3Storage through the real SDK', () => {
  const body = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

  it('puts an object with its content type, signed', async () => {
    await storage.put('sites/s1/m1/w640.webp', body, 'image/webp');
    const stored = standIn.objects.get('sites/s1/m1/w640.webp');
    expect(stored?.body).toEqual(body);
    expect(stored?.contentType).toBe('image/webp');
    const put = standIn.requests.find((r) => r.method === 'PUT');
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIASTANDIN\/\d{8}\/ap-northeast-1\/s3\//,
    );
  });

  it('reads it whole and by range, with the whole size', async () => {
    const whole = await storage.get('sites/s1/m1/w640.webp');
    expect(whole?.size).toBe(4096);
    expect(await bytesOf(whole!.body)).toEqual(body);

    const part = await storage.get('sites/s1/m1/w640.webp', { start: 1000, end: 1999 });
    expect(part?.size).toBe(4096);
    expect(await bytesOf(part!.body)).toEqual(body.subarray(1000, 2000));
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=1000-1999', status: 206 });

    const last = await storage.get('sites/s1/m1/w640.webp', { start: 4095, end: 4095 });
    expect(await bytesOf(last!.body)).toEqual(body.subarray(4095));
  });

  it('heads and deletes; a missing object is null', async () => {
    expect(await storage.head('sites/s1/m1/w640.webp')).toEqual({ size: 4096 });
    await storage.delete('sites/s1/m1/w640.webp');
    expect(await storage.head('sites/s1/m1/w640.webp')).toBeNull();
    expect(await storage.get('sites/s1/m1/w640.webp')).toBeNull();
    await storage.delete('sites/s1/m1/w640.webp');
  });

  it('refuses a bad key before any request', async () => {
    const count = standIn.requests.length;
    await expect(storage.get('../other-bucket/x')).rejects.toThrow(/Invalid storage key/);
    expect(standIn.requests.length).toBe(count);
  });
});
