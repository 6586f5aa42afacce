import { describe, expect, it } from 'vitest';
import { demoSiteFile } from '@/test/site-fixtures';
import { siteConfigSchema } from '@/features/site';
import { audienceLabel } from '@/features/content/staff/audience';

const mio = siteConfigSchema.parse(demoSiteFile('mio').config);
const second = siteConfigSchema.parse(demoSiteFile('second').config);

describe('audienceLabel: who reads an item, as the console lists it', () => {
  it('says 全員に公開 of an item in a section every visitor reads (NEWS), not 会員限定', () => {
    expect(audienceLabel(mio, { section: 'news', openToAll: false })).toBe('全員に公開');
    // The second site opens its GALLERY (photo) to everyone as well.
    expect(audienceLabel(second, { section: 'photo', openToAll: false })).toBe('全員に公開');
  });

  it('says 会員限定 of an item of a premium section, unless staff opened it to everyone', () => {
    expect(audienceLabel(mio, { section: 'blog', openToAll: false })).toBe('会員限定');
    expect(audienceLabel(mio, { section: 'photo', openToAll: false })).toBe('会員限定');
    expect(audienceLabel(mio, { section: 'blog', openToAll: true })).toBe('全員に公開');
  });

  it('says 非公開 of an item of a section the site no longer offers (served to nobody)', () => {
    const withoutTicket = { ...mio, FC_CONTENTS: mio.FC_CONTENTS.filter((entry) => entry.id !== 'ticket') };
    expect(audienceLabel(withoutTicket, { section: 'ticket', openToAll: true })).toBe('非公開');
  });
});
