import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contentAddress, overHttps, pageRequest } from '@/features/front/server/requests';

const req = (url: string, headers: Record<string, string> = {}, method = 'GET', encrypted = false) =>
  ({
    url,
    method,
    headers: { host: 'Localhost:3000', ...headers },
    socket: { encrypted },
  }) as unknown as IncomingMessage;

describe('overHttps', () => {
  it('believes TLS ended here, or the first hop the proxy names', () => {
    expect(overHttps(req('/', {}, 'GET', true))).toBe(true);
    expect(overHttps(req('/', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(overHttps(req('/', { 'x-forwarded-proto': 'https, http' }))).toBe(true);
    expect(overHttps(req('/', { 'x-forwarded-proto': 'http' }))).toBe(false);
    expect(overHttps(req('/', { 'x-forwarded-proto': 'http,https' }))).toBe(false);
    expect(overHttps(req('/'))).toBe(false);
  });
});

describe('pageRequest', () => {
  it('takes the top page, section lists and items of a host', () => {
    expect(pageRequest(req('/'))).toEqual({ host: 'localhost', path: '/', item: null });
    expect(pageRequest(req('/news'))).toEqual({ host: 'localhost', path: '/news', item: null });
    expect(pageRequest(req('/blog/abc', {}, 'HEAD'))).toEqual({
      host: 'localhost',
      path: '/blog/abc',
      item: { section: 'blog', id: 'abc' },
    });
  });

  it("leaves everything else to Next.js: other paths, queries, the router's requests, writes, bad hosts", () => {
    for (const url of ['/mypage', '/blog/a/b', '/news/', '/unknown', '/api/content/blog', '/news?cursor=x']) {
      expect(pageRequest(req(url)), url).toBeNull();
    }
    expect(pageRequest(req('/news', { rsc: '1' }))).toBeNull();
    expect(pageRequest(req('/news', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(pageRequest(req('/news', {}, 'POST'))).toBeNull();
    expect(pageRequest(req('/news', { host: 'bad_host!' }))).toBeNull();
  });
});

describe('contentAddress', () => {
  it('reads a content address in any form, as proxy.ts routes it: its host, and whether it is an item', () => {
    expect(contentAddress(req('/'))).toEqual({ host: 'localhost', item: false });
    expect(contentAddress(req('/news?cursor=x', { rsc: '1' }))).toEqual({ host: 'localhost', item: false });
    expect(contentAddress(req('/blog/abc', {}, 'POST'))).toEqual({ host: 'localhost', item: true });
    for (const url of ['/mypage', '/blog/a/b', '/news/']) expect(contentAddress(req(url)), url).toBeNull();
    expect(contentAddress(req('/news', { host: 'bad_host!' }))).toBeNull();
  });
});
