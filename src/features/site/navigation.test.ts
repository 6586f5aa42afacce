import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '@/features/site/schema';
import { findSection, footerLinks, navItems, socialLinks } from '@/features/site/navigation';
import { demoSiteFile } from '@/test/site-fixtures';

const mio = siteConfigSchema.parse(demoSiteFile('mio').config);
const second = siteConfigSchema.parse(demoSiteFile('second').config);

describe('navigation', () => {
  it('lists the sections in the configured order, the store as an external link', () => {
    expect(navItems(mio).map(({ label, href, external }) => [label, href, external])).toEqual([
      ['NEWS', '/news', false],
      ['MOVIE', '/movie', false],
      ['PHOTO', '/photo', false],
      ['BLOG', '/blog', false],
      ['TICKET', '/ticket', false],
      ['STORE', 'https://store.sakura-mio.jp/', true],
    ]);
    expect(navItems(second).map((item) => item.label)).toEqual([
      'INFORMATION',
      'LIVE',
      'DIARY',
      'GALLERY',
      'GOODS',
    ]);
  });

  it('finds content sections only, never the external link', () => {
    expect(findSection(mio, 'blog')?.requiredUserStatus).toBe('premium');
    expect(findSection(mio, 'externalLink')).toBeUndefined();
    expect(findSection(second, 'movie')).toBeUndefined();
  });

  it('builds the footer in the configured order, faq to the help desk form', () => {
    expect(footerLinks(mio).map(({ id, href }) => [id, href])).toEqual([
      ['privacy', '/privacy'],
      ['terms', '/terms'],
      ['faq', 'https://mio-family.zendesk.com/hc/ja/requests/new?ticket_form_id=4410529183'],
      ['psa', '/psa'],
      ['asct', '/asct'],
    ]);
    expect(footerLinks(second).map((link) => link.id)).toEqual(['terms', 'privacy', 'asct', 'faq']);
  });

  it('drops every null social link', () => {
    expect(socialLinks(mio).map((link) => link.key)).toEqual(['TWITTER_URL', 'INSTAGRAM_URL']);
    expect(socialLinks(second).map((link) => link.key)).toEqual(['TWITTER_URL', 'YOUTUBE_URL', 'TIKTOK_URL']);
    expect(socialLinks({ ...mio, TWITTER_URL: null, INSTAGRAM_URL: null })).toEqual([]);
  });
});
