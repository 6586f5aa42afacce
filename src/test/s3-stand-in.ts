import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible store (no network here): a node:http server on 127.0.0.1 that the real
 * `@aws-sdk/client-s3` talks to with path-style addressing. It answers PutObject, GetObject (with a single Range),
 * HeadObject and DeleteObject as S3 does, keeps objects in memory and records every request, so tests can see the
 * SDK's signed requests. It does not check signatures.
 */

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface RecordedS3Request {
  method: string;
  bucket: string;
  key: string;
  range: string | null;
  authorization: string | null;
  status: number;
}

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against an object of `size` bytes; null when it cannot be satisfied. */
function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? null : { start, end };
}

export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;

export async function startS3StandIn(bucket = 'fanclub-media') {
  const objects = new Map<string, StoredObject>();
  const requests: RecordedS3Request[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const record: RecordedS3Request = {
      method: request.method ?? '',
      bucket: bucketName,
      key,
      range: request.headers.range ?? null,
      authorization: request.headers.authorization ?? null,
      status: 0,
    };
    requests.push(record);
    const send = (status: number, headers: Record<string, string | number>, body?: Buffer | string) => {
      record.status = status;
      response.writeHead(status, { 'x-amz-request-id': `req-${requests.length}`, ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const body = await readBody(request);

    if (bucketName !== bucket) {
      return send(404, { 'Content-Type': 'application/xml' }, errorXml('NoSuchBucket', 'No such bucket'));
    }
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT':
        objects.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        });
        return send(200, { ETag: `"${key.length}-${body.length}"` });
      case 'DELETE':
        objects.delete(key);
        return send(204, {});
      case 'HEAD':
      case 'GET': {
        if (!object) {
          return send(404, { 'Content-Type': 'application/xml' }, errorXml('NoSuchKey', 'No such key'));
        }
        const size = object.body.length;
        const common = { 'Content-Type': object.contentType, 'Accept-Ranges': 'bytes' };
        if (request.method === 'GET' && request.headers.range) {
          const range = parseRange(request.headers.range, size);
          if (!range) {
            const xml = errorXml('InvalidRange', 'The requested range is not satisfiable');
            return send(416, { 'Content-Type': 'application/xml', 'Content-Range': `bytes */${size}` }, xml);
          }
          const part = object.body.subarray(range.start, range.end + 1);
          return send(
            206,
            {
              ...common,
              'Content-Length': part.length,
              'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
            },
            part,
          );
        }
        return send(200, { ...common, 'Content-Length': size }, object.body);
      }
      default:
        return send(
          405,
          { 'Content-Type': 'application/xml' },
          errorXml('MethodNotAllowed', 'Not supported'),
        );
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
