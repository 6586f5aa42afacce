import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, nonceSource } from '@/server/http/content-security-policy';

/** The sources a directive allows, falling back to default-src as browsers do; null when nothing restricts it. */
function sourcesFor(policy: string, directive: string): string[] | null {
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  return directives.get(directive) ?? directives.get('default-src') ?? null;
}

const allows = (policy: string, directive: string, origin: string) => {
  const sources = sourcesFor(policy, directive);
  return sources === null || sources.includes(origin) || sources.includes('*');
};

describe('the Content-Security-Policy lets Stripe card form work (docs/decisions/0025)', () => {
  const policy = contentSecurityPolicy([nonceSource('abc')]);

  // What Stripe's documentation lists for Stripe.js and the Payment Element.
  it.each([
    ['script-src', 'https://js.stripe.com'],
    ['frame-src', 'https://js.stripe.com'],
    ['frame-src', 'https://hooks.stripe.com'],
    ['connect-src', 'https://api.stripe.com'],
  ])('%s allows %s', (directive, origin) => {
    expect(allows(policy, directive, origin)).toBe(true);
  });

  it('still runs no inline script without the nonce, and no outside script from anywhere else', () => {
    const scripts = sourcesFor(policy, 'script-src') ?? [];
    expect(scripts).toContain("'nonce-abc'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(allows(policy, 'script-src', 'https://evil.example')).toBe(false);
  });
});
