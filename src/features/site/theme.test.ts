import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '@/features/site/schema';
import { readableTextOn, themeCss, themeVariables } from '@/features/site/theme';
import { demoSiteFile } from '@/test/site-fixtures';

describe('theme', () => {
  const mio = siteConfigSchema.parse(demoSiteFile('mio').config);

  it('exposes every colour and text style of spec 9 as a CSS variable', () => {
    const vars = themeVariables(mio);
    expect(vars).toMatchObject({
      '--site-primary': '#FF97C9',
      '--site-tertiary': '#F9357B',
      '--site-text': '#3A3A3A',
      '--site-text-secondary': '#929292',
      '--site-live-badge': '#F9357B',
      '--site-footer': '#FF97C9',
      '--site-hamburger': '#FF97C9',
      '--site-bg-sub': '#F6F6F6',
      '--site-bg-muted': '#F8F8F8',
      '--site-border': '#C4C4C4',
      '--site-pageHeading-size': '40px',
      '--site-topTitle-size': '26px',
      '--site-desktopMenu-size': '13px',
      '--site-mobileMenu-size': '15px',
      '--site-mobileMenu-weight': '700',
    });
  });

  it("keeps the live badge's text readable on the spec's #F9357B (4.5:1)", () => {
    expect(themeVariables(mio)['--site-live-badge-text']).toBe('#000000');
  });

  it('renders one :root rule', () => {
    const css = themeCss(mio);
    expect(css.startsWith(':root{')).toBe(true);
    expect(css.match(/[{}]/g)).toEqual(['{', '}']);
  });
});

describe('readableTextOn', () => {
  it("keeps the site's text colour where it reads well (4.5:1)", () => {
    expect(readableTextOn('#FFC2DF', '#333333')).toBe('#333333');
  });

  it('falls back to white or black on a surface where the text colour does not read', () => {
    expect(readableTextOn('#1E6FA8', '#1B2733')).toBe('#FFFFFF');
    expect(readableTextOn('#F5F5A0', '#BBBBBB')).toBe('#000000');
  });
});
