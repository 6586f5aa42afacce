import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CATALOGUE, RETRY_AFTER_SECONDS } from '@/lib/errors';
import type { Site } from '@/features/site';

const MESSAGE = ERROR_CATALOGUE.UNAVAILABLE.message;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's colours when it is known (validated `#rrggbb` values, safe in CSS), else plain ones. */
function styleOf(site: Site | null): string {
  const colors = site?.config.THEME.COLORS;
  const [bg, text, accent] = colors
    ? [colors.background, colors.textMain, colors.primary]
    : ['#ffffff', '#222222', '#888888'];
  return (
    `body{margin:0;font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;background:${bg};color:${text}}` +
    `header{border-bottom:4px solid ${accent};padding:16px;font-weight:bold}` +
    `main{max-width:36rem;margin:15vh auto;padding:0 16px;text-align:center;line-height:1.8}` +
    `a{color:inherit}`
  );
}

/**
 * The page every HTML request gets while the database cannot answer (decision 0020): in the site's name and colours
 * when its configuration is in memory, with nothing of any member and no script. Made here rather than by Next.js,
 * whose rendering needs the database it is about.
 */
export function outagePage(site: Site | null): { html: string; csp: string } {
  const style = styleOf(site);
  const name = site ? escapeHtml(site.config.SERVICE_NAME) : '';
  const title = name ? `ただいまご利用いただけません | ${name}` : 'ただいまご利用いただけません';
  const html =
    `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title}</title><style>${style}</style></head><body>` +
    (name ? `<header>${name}</header>` : '') +
    `<main><h1>ただいまご利用いただけません</h1><p>${MESSAGE}</p>` +
    `<p><a href="/">トップページへ戻る</a></p></main></body></html>`;
  const hash = createHash('sha256').update(style).digest('base64');
  return { html, csp: `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'` };
}

const wantsJson = (req: IncomingMessage) =>
  /^\/api\//.test(req.url ?? '') || /application\/json/.test(req.headers.accept ?? '');

/** 503 with Retry-After: the Japanese page, or for an API the product's JSON error. Never kept by any cache. */
export function sendUnavailable(req: IncomingMessage, res: ServerResponse, site: Site | null): void {
  const headers: Record<string, string> = {
    'retry-after': String(RETRY_AFTER_SECONDS.UNAVAILABLE),
    'cache-control': 'no-store',
  };
  let body: string;
  if (wantsJson(req)) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify({ error: { code: 'UNAVAILABLE', message: MESSAGE } });
  } else {
    const page = outagePage(site);
    headers['content-type'] = 'text/html; charset=utf-8';
    headers['content-security-policy'] = page.csp;
    body = page.html;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(503, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
