import type { ServerResponse } from 'node:http';
import { storedPagePolicy } from '@/features/front/server/stored-page';
import { givenHeaders, headerOf } from '@/features/front/server/head';

/** Set by Next.js on an answer it made from a rendering it keeps (HIT, MISS, STALE), never on one rendered for the request. */
const KEPT_HEADER = 'x-nextjs-cache';
/** The path Next.js rendered (proxy.ts's rewrite): the rendering's key in the store. Internal, never sent on. */
const REWRITE_HEADER = 'x-middleware-rewrite';

/**
 * An answer Next.js makes from a rendering it keeps cannot carry this request's nonce (proxy.ts gives every request
 * one, in its Content-Security-Policy): its scripts were written once for everyone. Its policy lists their hashes
 * instead, read from the store, where Next.js put the rendering before answering (decision 0025).
 */
export function hashPolicyForKeptRenderings(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const rewrite = res.getHeader(REWRITE_HEADER);
    res.removeHeader(REWRITE_HEADER);
    // A 304 updates the headers the browser keeps with its copy (RFC 9111, 4.3.4): a policy with this request's
    // nonce would replace the one the kept body's scripts need. It keeps its copy's policy instead.
    if (args[0] === 304) {
      res.removeHeader('content-security-policy');
      return writeHead(...args);
    }
    const html = headerOf(res, givenHeaders(args), 'content-type').startsWith('text/html');
    if (html && res.getHeader(KEPT_HEADER) !== undefined && typeof rewrite === 'string') {
      const policy = storedPagePolicy(new URL(rewrite, 'http://x').pathname);
      if (policy) res.setHeader('content-security-policy', policy);
      else console.warn(`content security policy: no kept rendering at ${rewrite}`);
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
