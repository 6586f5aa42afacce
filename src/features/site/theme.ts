import type { SiteConfig } from '@/features/site/schema';
import { fallbackFontList } from '@/lib/web-font';

/** WCAG 2 relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour for a themed surface: the site's text colour where it reads well (4.5:1), otherwise white or
 * black, whichever reads better (a site may choose a dark member-card colour).
 */
export function readableTextOn(background: string, text: string): string {
  if (contrast(background, text) >= 4.5) return text;
  return contrast(background, '#FFFFFF') >= contrast(background, '#000000') ? '#FFFFFF' : '#000000';
}

/** The site's theme as CSS custom properties; globals.css maps them to Tailwind tokens. */
export function themeVariables(config: SiteConfig): Record<string, string> {
  const { COLORS: c, TEXT_STYLES: t } = config.THEME;
  const vars: Record<string, string> = {
    '--site-primary': c.primary,
    '--site-secondary': c.secondary,
    '--site-tertiary': c.tertiary,
    '--site-text': c.textMain,
    '--site-text-secondary': c.textSecondary,
    '--site-badge': c.badge,
    '--site-live-badge': c.liveBadge,
    '--site-live-badge-text': readableTextOn(c.liveBadge, c.textMain),
    '--site-footer': c.footer,
    '--site-hamburger': c.hamburger,
    '--site-bg': c.background,
    '--site-bg-sub': c.backgroundSub,
    '--site-bg-muted': c.backgroundMuted,
    '--site-border': c.border,
    '--site-member-card': c.memberCard,
    '--site-member-card-text': readableTextOn(c.memberCard, c.textMain),
    '--site-lp-logo': c.lpLogo,
    '--site-font': config.WEB_FONT_FAMILY,
    '--site-font-fallback': fallbackFontList(config.WEB_FONT_FAMILY),
  };
  for (const [name, style] of Object.entries(t)) {
    vars[`--site-${name}-size`] = `${style.size}px`;
    vars[`--site-${name}-weight`] = String(style.weight);
  }
  return vars;
}

/**
 * The theme as a :root rule, so that portalled UI (the hamburger dialog) is themed too. Safe to inline: the schema
 * admits only #RRGGBB colours, whole numbers and a font list without CSS syntax characters.
 */
export function themeCss(config: SiteConfig): string {
  const declarations = Object.entries(themeVariables(config)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}`;
}
