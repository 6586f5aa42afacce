import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '@/server/http/client-address';

const req = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddressOf', () => {
  it('takes the connection alone when no proxy is trusted, whatever the client says it is', () => {
    expect(clientAddressOf(req('203.0.113.5', '10.0.0.1'), 0)).toBe('203.0.113.5');
  });

  it('behind proxies, takes the entry the outermost trusted proxy appended, not what the client wrote before it', () => {
    // nginx appends the address it saw: "<what the client sent>, <client>".
    expect(clientAddressOf(req('127.0.0.1', '198.51.100.1, 203.0.113.5'), 1)).toBe('203.0.113.5');
    expect(clientAddressOf(req('127.0.0.1', '198.51.100.1, 203.0.113.5, 10.0.0.2'), 2)).toBe('203.0.113.5');
    expect(clientAddressOf(req('127.0.0.1'), 1)).toBe('127.0.0.1');
  });
});
