import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoSiteFile } from '@/test/site-fixtures';
import { siteConfigSchema } from '@/features/site';
import type { Site } from '@/features/site';
import { outagePage, sendUnavailable } from '@/features/front/server/outage-page';

const config = siteConfigSchema.parse(demoSiteFile('mio').config);
const site: Site = { id: 's', slug: 'mio', config };

async function answer(path: string, known: Site | null, accept = 'text/html') {
  const server = http.createServer((req, res) => sendUnavailable(req, res, known));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept } });
  const body = await response.text();
  server.close();
  return { status: response.status, headers: response.headers, body };
}

describe('the outage page', () => {
  it("is in the site's name and colours when the site is known, with no script", () => {
    const { html, csp } = outagePage(site);
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(config.SERVICE_NAME.replace(/&/g, '&#38;'));
    expect(html).toContain(config.THEME.COLORS.primary);
    expect(html).toContain('ただいまご利用いただけません');
    expect(html).not.toContain('<script');
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'/);
  });

  it('is a plain Japanese page when no site is known', () => {
    const { html } = outagePage(null);
    expect(html).toContain('時間をおいて再度お試しください');
    expect(html).not.toContain('<header>');
  });

  it('escapes a site name', () => {
    const named: Site = { ...site, config: { ...config, SERVICE_NAME: '<b>"x"</b>' } };
    expect(outagePage(named).html).not.toContain('<b>');
  });

  it('answers 503 with Retry-After, never kept: HTML for pages, JSON for APIs', async () => {
    const page = await answer('/mypage', site);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const api = await answer('/api/session', site, '*/*');
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(api.body)).toEqual({
      error: { code: 'UNAVAILABLE', message: 'ただいま混み合っています。時間をおいて再度お試しください。' },
    });
  });
});
