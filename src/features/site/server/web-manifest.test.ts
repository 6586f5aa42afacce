import { describe, expect, it } from 'vitest';
import { demoSiteFile } from '@/test/site-fixtures';
import { appIconOf, shortNameOf, webManifestOf } from './web-manifest';

describe('the web app manifest (decision 0054)', () => {
  it('takes each site’s name and colours from its configuration, and opens on My page', () => {
    const mio = demoSiteFile('mio').config;
    const second = demoSiteFile('second').config;
    expect(webManifestOf(mio)).toMatchObject({
      name: mio.SERVICE_NAME,
      short_name: 'MIO FAMILY',
      theme_color: mio.THEME.COLORS.primary,
      background_color: mio.THEME.COLORS.background,
      start_url: '/mypage',
      display: 'standalone',
    });
    expect(webManifestOf(second).name).toBe(second.SERVICE_NAME);
    expect(webManifestOf(second).theme_color).toBe(second.THEME.COLORS.primary);
    expect(shortNameOf('A CLUB WITH A VERY LONG NAME')).toBe('A CLUB WITH');
  });

  it('draws the icon from the name and colours, escaping the letter', () => {
    const mio = demoSiteFile('mio').config;
    const icon = appIconOf(mio);
    expect(icon).toContain(`fill="${mio.THEME.COLORS.memberCard}"`);
    expect(icon).toContain('>佐</text>');
    expect(appIconOf({ ...mio, SERVICE_NAME: '<b>' })).toContain('>&#60;</text>');
  });
});
