import { storedPagePolicy } from '@/features/front/server/stored-page';
import type { Head, RequestContext } from '@/features/front/server/head';
import { KEPT_RENDERING_HEADER, RENDERED_PATH_HEADER } from '@/server/next-cache/next-internals.mjs';

/**
 * An answer Next.js makes from a rendering it keeps cannot carry this request's nonce (proxy.ts gives every request
 * one, in its Content-Security-Policy): its scripts were written once for everyone. Its policy lists their hashes
 * instead, read from the store, where Next.js put the rendering before answering (decision 0025). The rendered path
 * is Next.js's internal header: never sent on.
 */
export function keptRenderingPolicy(head: Head, context: RequestContext): void {
  if (!context.page) return;
  const rewrite = head.get(RENDERED_PATH_HEADER);
  head.remove(RENDERED_PATH_HEADER);
  // A 304 updates the headers the browser keeps with its copy (RFC 9111, 4.3.4): a policy with this request's
  // nonce would replace the one the kept body's scripts need. It keeps its copy's policy instead.
  if (head.status === 304) {
    head.remove('content-security-policy');
    return;
  }
  const html = (head.get('content-type') ?? '').startsWith('text/html');
  if (html && head.get(KEPT_RENDERING_HEADER) !== undefined && rewrite !== undefined) {
    const policy = storedPagePolicy(new URL(rewrite, 'http://x').pathname);
    if (policy) head.set('content-security-policy', policy);
    else console.warn(`content security policy: no kept rendering at ${rewrite}`);
  }
}
