import { createHash, randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy of every page (docs/decisions/0025). Scripts come from the site itself, Stripe.js (the
 * card form) and gtag.js (analytics, when configured); an inline script runs only with the nonce of its answer (a page
 * Next.js renders for the request) or its hash (a rendering Next.js keeps, the same for everyone). No plugins, no
 * <base>, no framing by other sites.
 */
const SCRIPT_HOSTS = ['https://js.stripe.com', 'https://www.googletagmanager.com'];

// The development server's fast refresh evaluates code; a production server never does.
// eslint-disable-next-line no-restricted-properties -- NODE_ENV is fixed per process by Next.js and serve.ts
const DEVELOPMENT = process.env.NODE_ENV === 'development';

export function contentSecurityPolicy(scriptSources: readonly string[]): string {
  const scripts = ["'self'", ...scriptSources, ...SCRIPT_HOSTS, ...(DEVELOPMENT ? ["'unsafe-eval'"] : [])];
  return [
    `script-src ${scripts.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce for one answer: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** The hash source of an inline script's text, as browsers compute it (SHA-256 of its UTF-8 bytes). */
export const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
