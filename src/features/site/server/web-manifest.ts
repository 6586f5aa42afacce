import 'server-only';
import type { SiteConfig } from '@/features/site/schema';
import { getSite } from './site';

type HostContext = { params: Promise<{ host: string }> };

/** The installed app opens on My page, where the member card and the day's tickets are (decision 0054). */
const START_URL = '/mypage';
export const APP_ICON_PATH = '/app-icon.svg';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The site's web app manifest: its name and colours from its configuration, one per host. */
export function webManifestOf(config: SiteConfig) {
  const { COLORS } = config.THEME;
  return {
    name: config.SERVICE_NAME,
    short_name: shortNameOf(config.SERVICE_NAME),
    description: config.DESCRIPTION,
    lang: 'ja',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: COLORS.primary,
    background_color: COLORS.background,
    icons: [{ src: APP_ICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

/** WCAG relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The club's own name when the service name quotes it (…「MIO FAMILY」), else the name's first 12 characters. */
export function shortNameOf(name: string): string {
  const quoted = /「([^」]{1,12})」/.exec(name)?.[1];
  return (quoted ?? [...name].slice(0, 12).join('')).trim();
}

/**
 * The site's app icon: the first letter of its name on its member card colour, framed by its primary colour, in its
 * background or text colour, whichever reads better (the configuration holds no image).
 */
export function appIconOf(config: SiteConfig): string {
  const { COLORS } = config.THEME;
  const letter = escapeXml([...config.SERVICE_NAME.trim()][0] ?? '');
  const ink = [COLORS.background, COLORS.textMain].sort(
    (a, b) => contrast(b, COLORS.memberCard) - contrast(a, COLORS.memberCard),
  )[0];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="${COLORS.primary}"/><rect x="48" y="48" width="416" height="416" rx="64" fill="${COLORS.memberCard}"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="260" font-weight="700" fill="${ink}">${letter}</text></svg>`;
}

// A changed name or colour shows within five minutes.
const FIVE_MINUTES = 'public, max-age=300';

/** GET /site.webmanifest */
export async function getWebManifest(_request: Request, context: HostContext): Promise<Response> {
  const site = await getSite((await context.params).host);
  if (!site) return new Response(null, { status: 404 });
  return new Response(JSON.stringify(webManifestOf(site.config)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': FIVE_MINUTES },
  });
}

/** GET /app-icon.svg */
export async function getAppIcon(_request: Request, context: HostContext): Promise<Response> {
  const site = await getSite((await context.params).host);
  if (!site) return new Response(null, { status: 404 });
  return new Response(appIconOf(site.config), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': FIVE_MINUTES },
  });
}
