import type { SiteConfig } from '@/features/site/schema';

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
    '--site-footer': c.footer,
    '--site-hamburger': c.hamburger,
    '--site-bg': c.background,
    '--site-bg-sub': c.backgroundSub,
    '--site-bg-muted': c.backgroundMuted,
    '--site-border': c.border,
    '--site-member-card': c.memberCard,
    '--site-lp-logo': c.lpLogo,
    '--site-font': config.WEB_FONT_FAMILY,
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
