import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '@/features/site/schema';
import { describeIssues, siteFileSchema } from '@/features/site/import-schema';
import { demoSiteFile } from '@/test/site-fixtures';

type Json = Record<string, unknown>;

function configWith(change: (config: Json) => void): Json {
  const config = demoSiteFile('mio').config as unknown as Json;
  change(config);
  return config;
}

function problems(config: Json): string[] {
  const result = siteConfigSchema.safeParse(config);
  return result.success ? [] : describeIssues(result.error);
}

describe('site configuration schema', () => {
  it('accepts both demo sites, with the spec values of the main site', () => {
    for (const name of ['mio', 'second'] as const) {
      expect(siteFileSchema.safeParse(demoSiteFile(name)).success).toBe(true);
    }
    const mio = siteConfigSchema.parse(demoSiteFile('mio').config);
    expect(mio.FC_SERVER_CELL).toBe('fc-site-001');
    expect(mio.DESIGN_TYPE).toBe('typeAEx');
    expect(mio.FC_CONTENTS.map((c) => c.displayName)).toEqual([
      'NEWS',
      'MOVIE',
      'PHOTO',
      'BLOG',
      'TICKET',
      'STORE',
    ]);
    expect(mio.TOP_PAGE_CONTENT).toEqual(['news', 'movie', 'photo', 'blog']);
    expect(mio.SIGN_UP_FLOW).toEqual([
      'account',
      'nickname',
      'profile',
      'address',
      'plans',
      'payment',
      'complete',
    ]);
    expect(mio.FOOTER_CONTENT.map((f) => f.id)).toEqual(['privacy', 'terms', 'faq', 'psa', 'asct']);
    expect(mio.THEME.TEXT_STYLES).toEqual({
      pageHeading: { size: 40, weight: 700 },
      topTitle: { size: 26, weight: 700 },
      desktopMenu: { size: 13, weight: 700 },
      mobileMenu: { size: 15, weight: 700 },
    });
    expect(mio.IS_SHOW_MYPAGE_LEAVE).toBe(true);
    expect(mio.CONTENT_SOURCE).toEqual({});
  });

  // MAIL, KONBINI_PAYMENT, INVOICE_REGISTRATION_NUMBER, TENURE, BIRTHDAY and CONTACT_FORM are optional (sites stored
  // before them keep working: their mails come from the service name, konbini is off, receipts say they are not
  // qualified invoices, tenure marks are at 1, 3, 5 and 10 years with 30 days' grace, birthdays get the default
  // greeting, and the contact form is off).
  const OPTIONAL = new Set([
    'MAIL',
    'KONBINI_PAYMENT',
    'INVOICE_REGISTRATION_NUMBER',
    'TENURE',
    'BIRTHDAY',
    'CONTACT_FORM',
  ]);
  const requiredFields = Object.keys(demoSiteFile('mio').config).filter((field) => !OPTIONAL.has(field));
  it.each(requiredFields)('requires %s', (field) => {
    const lines = problems(configWith((config) => delete config[field]));
    expect(lines.some((line) => line.startsWith(`${field}:`))).toBe(true);
  });

  it('takes the mail sender when given, and checks its address', () => {
    expect(problems(configWith((config) => delete config.MAIL))).toEqual([]);
    const lines = problems(
      configWith((config) => (config.MAIL = { FROM_NAME: '事務局', FROM_ADDRESS: 'not-an-address' })),
    );
    expect(lines.some((line) => line.startsWith('MAIL.FROM_ADDRESS:'))).toBe(true);
  });

  it('takes a 適格請求書 registration number with a good check digit, or none', () => {
    expect(siteConfigSchema.parse(demoSiteFile('mio').config).INVOICE_REGISTRATION_NUMBER).toBe(
      'T5011001099999',
    );
    expect(siteConfigSchema.parse(demoSiteFile('second').config).INVOICE_REGISTRATION_NUMBER).toBeNull();
    const unset = configWith((c) => delete c.INVOICE_REGISTRATION_NUMBER);
    expect(siteConfigSchema.parse(unset).INVOICE_REGISTRATION_NUMBER).toBeNull();
    // One message per bad value: a malformed number is not also told its check digit is wrong.
    for (const bad of ['5011001099999', 'T501100109999', 'T５011001099999', '']) {
      expect(problems(configWith((c) => (c.INVOICE_REGISTRATION_NUMBER = bad)))).toEqual([
        'INVOICE_REGISTRATION_NUMBER: 適格請求書発行事業者の登録番号は「T」に続く 13 桁の半角数字で指定してください',
      ]);
    }
    expect(problems(configWith((c) => (c.INVOICE_REGISTRATION_NUMBER = 'T6011001099999')))).toEqual([
      'INVOICE_REGISTRATION_NUMBER: 登録番号の検査用数字（T の次の 1 桁）が合いません。番号を確かめてください',
    ]);
  });

  it('covers every field of spec section 3', () => {
    expect(requiredFields).toEqual(
      expect.arrayContaining([
        'CONTENT_TAG',
        'SERVICE_NAME',
        'DESCRIPTION',
        'TENANT_ID',
        'SERVICE_ID',
        'STORE_PLATFORM_URL',
        'YOUTUBE_URL',
        'TIKTOK_URL',
        'TWITTER_URL',
        'INSTAGRAM_URL',
        'COPYRIGHT',
        'FAQ',
        'DESIGN_TYPE',
        'WEB_FONT_FAMILY',
        'FC_CONTENTS',
        'TOP_PAGE_CONTENT',
        'IS_SHOW_MYPAGE_LEAVE',
        'SIGN_UP_FLOW',
        'FOOTER_CONTENT',
        'GA_MEASUREMENT_ID',
        'FC_SERVER_CELL',
        'CONTENT_SOURCE',
        'THEME',
      ]),
    );
  });

  it('gives a site without tenure or birthday settings the defaults, and refuses a repeated mark', () => {
    const bare = siteConfigSchema.parse(
      configWith((c) => {
        delete c.TENURE;
        delete c.BIRTHDAY;
      }),
    );
    expect(bare.TENURE.GRACE_DAYS).toBe(30);
    expect(bare.TENURE.MARKS.map((mark) => mark.years)).toEqual([1, 3, 5, 10]);
    expect(bare.BIRTHDAY.ENABLED).toBe(true);
    expect(siteConfigSchema.parse(demoSiteFile('second').config).TENURE.MARKS[0]!.label).toBe('乗車1年');
    const repeated = [
      { years: 3, label: 'a' },
      { years: 3, label: 'b' },
    ];
    expect(problems(configWith((c) => (c.TENURE = { MARKS: repeated })))[0]).toMatch(/^TENURE\.MARKS/);
    expect(problems(configWith((c) => (c.BIRTHDAY = { MESSAGE: '<b>おめでとう</b>' })))[0]).toMatch(/HTML/);
  });

  it('allows a null social link but not an empty or insecure one', () => {
    expect(problems(configWith((c) => (c.TWITTER_URL = null)))).toEqual([]);
    expect(problems(configWith((c) => (c.TWITTER_URL = '')))[0]).toMatch(/^TWITTER_URL: /);
    expect(problems(configWith((c) => (c.INSTAGRAM_URL = 'http://instagram.com/x')))[0]).toMatch(
      /https:\/\//,
    );
  });

  it.each([
    ['FC_SERVER_CELL', (c: Json) => (c.FC_SERVER_CELL = 'fc-site-003'), /^FC_SERVER_CELL: /],
    [
      'a colour',
      (c: Json) => ((c.THEME as Json).COLORS = { ...((c.THEME as Json).COLORS as Json), footer: 'pink' }),
      /^THEME\.COLORS\.footer: #RRGGBB/,
    ],
    [
      'a text style',
      (c: Json) => (((c.THEME as Json).TEXT_STYLES as Json).topTitle = { size: 26, weight: 750 }),
      /^THEME\.TEXT_STYLES\.topTitle\.weight: /,
    ],
    ['TOP_PAGE_CONTENT', (c: Json) => (c.TOP_PAGE_CONTENT = ['news', 'live']), /^TOP_PAGE_CONTENT\.1: /],
    [
      'a section missing from the menu',
      (c: Json) => (c.FC_CONTENTS = (c.FC_CONTENTS as Json[]).filter((e) => e.id !== 'movie')),
      /^TOP_PAGE_CONTENT\.1: FC_CONTENTS にないセクション "movie"/,
    ],
    [
      'SIGN_UP_FLOW order',
      (c: Json) => (c.SIGN_UP_FLOW = ['nickname', 'account', 'complete']),
      /^SIGN_UP_FLOW: .*account で始まり/,
    ],
    [
      'a footer link',
      (c: Json) => (c.FOOTER_CONTENT = [{ id: 'privacy' }, { id: 'contact' }]),
      /^FOOTER_CONTENT\.1\.id: /,
    ],
    ['the GA id', (c: Json) => (c.GA_MEASUREMENT_ID = 'UA-1234-1'), /^GA_MEASUREMENT_ID: GA4/],
    ['the FAQ link', (c: Json) => (c.FAQ = { id: 'zendesk', href: 'javascript:alert(1)' }), /^FAQ\.href: /],
    ['CSS in the font list', (c: Json) => (c.WEB_FONT_FAMILY = 'a;}body{display:none'), /^WEB_FONT_FAMILY: /],
    ['an unknown key', (c: Json) => (c.EXTRA = true), /EXTRA/],
    [
      'a store link without href',
      (c: Json) => ((c.FC_CONTENTS as Json[])[5] = { id: 'externalLink', displayName: 'STORE' }),
      /^FC_CONTENTS\.5/,
    ],
  ])('rejects a bad %s with a readable message', (_name, change, message) => {
    const lines = problems(configWith(change));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(message);
  });

  it('lists every bad field at once', () => {
    const lines = problems(
      configWith((c) => {
        c.FC_SERVER_CELL = 'nope';
        c.SERVICE_NAME = '';
        c.IS_SHOW_MYPAGE_LEAVE = 'yes';
      }),
    );
    expect(lines.map((line) => line.split(':')[0]).sort()).toEqual([
      'FC_SERVER_CELL',
      'IS_SHOW_MYPAGE_LEAVE',
      'SERVICE_NAME',
    ]);
  });

  it('checks the site file around the configuration: slug, hosts and all four legal pages', () => {
    const file = demoSiteFile('second') as unknown as Json;
    file.slug = 'Bad Slug';
    file.hosts = ['second.localhost:3000'];
    delete (file.documents as Json).asct;
    const result = siteFileSchema.safeParse(file);
    expect(result.success).toBe(false);
    const fields = describeIssues(result.error!).map((line) => line.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['slug', 'hosts.0', 'documents.asct']));
  });
});
