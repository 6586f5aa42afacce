import { z } from '@/lib/zod';
import type { StoredSiteConfig } from '@/server/db/json-types';
import { SECTION_IDS, type SectionId } from '@/features/site/sections';
import { INVOICE_NUMBER_PATTERN, isInvoiceRegistrationNumber } from '@/features/site/invoice-number';

/**
 * The site configuration of spec section 3, one per fan-club site. The upper-case keys are the spec's own names;
 * fields the spec describes without naming are given names in the same style.
 */

export const SERVER_CELLS = ['fc-site', 'fc-site-001', 'fc-site-002'] as const;
export const USER_STATUSES = ['guest', 'premium'] as const;
export const SIGN_UP_STEPS = [
  'account',
  'nickname',
  'profile',
  'address',
  'plans',
  'payment',
  'complete',
] as const;
/** Steps that may ask for the terms: before the plan is paid for. */
export const CONSENT_STEPS = ['account', 'nickname', 'profile', 'address', 'plans'] as const;
export const FOOTER_LINK_IDS = ['privacy', 'terms', 'faq', 'psa', 'asct'] as const;

export type UserStatus = (typeof USER_STATUSES)[number];
export type SignUpStep = (typeof SIGN_UP_STEPS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
const httpsUrl = z.url({ protocol: /^https$/, error: 'https:// で始まる URL を指定してください' });
const nullableUrl = httpsUrl.nullable();
const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: '#RRGGBB 形式の色を指定してください' });
const textStyle = z.strictObject({
  size: z.number().int().min(8).max(96),
  weight: z.number().int().min(100).max(900).multipleOf(100),
});

function unique<T>(items: readonly T[]): boolean {
  return new Set(items).size === items.length;
}

const contentSection = z.strictObject({
  id: z.enum(SECTION_IDS),
  displayName: text(40),
  requiredUserStatus: z.enum(USER_STATUSES),
});
const externalLink = z.strictObject({
  id: z.literal('externalLink'),
  displayName: text(40),
  href: httpsUrl,
});
export const fcContentSchema = z.union([contentSection, externalLink]);

/**
 * Spec 5: the provider's default minimum is 6; each character class can be required per site. The same rules must be
 * set on the site's tenant so that the provider enforces them too.
 */
export const passwordPolicySchema = z.strictObject({
  MIN_LENGTH: z.number().int().min(6).max(30).default(6),
  REQUIRE_LOWERCASE: z.boolean().default(false),
  REQUIRE_UPPERCASE: z.boolean().default(false),
  REQUIRE_NUMERIC: z.boolean().default(false),
  REQUIRE_NON_ALPHANUMERIC: z.boolean().default(false),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const themeSchema = z.strictObject({
  COLORS: z.strictObject({
    primary: hexColor,
    secondary: hexColor,
    tertiary: hexColor,
    textMain: hexColor,
    textSecondary: hexColor,
    badge: hexColor,
    liveBadge: hexColor,
    footer: hexColor,
    hamburger: hexColor,
    background: hexColor,
    backgroundSub: hexColor,
    backgroundMuted: hexColor,
    border: hexColor,
    memberCard: hexColor,
    lpLogo: hexColor,
  }),
  TEXT_STYLES: z.strictObject({
    pageHeading: textStyle,
    topTitle: textStyle,
    desktopMenu: textStyle,
    mobileMenu: textStyle,
  }),
});

const CROSS_CHECKED = new Set(['FC_CONTENTS', 'TOP_PAGE_CONTENT', 'SIGN_UP_FLOW', 'FOOTER_CONTENT']);

/** Parsed on every write and read of `sites.config`, a column the database types as a JSON object only. */
export const siteConfigSchema = z
  .strictObject({
    CONTENT_TAG: text(64),
    SERVICE_NAME: text(80),
    DESCRIPTION: text(300),
    TENANT_ID: text(128),
    SERVICE_ID: text(64),
    STORE_PLATFORM_URL: nullableUrl,
    YOUTUBE_URL: nullableUrl,
    TIKTOK_URL: nullableUrl,
    TWITTER_URL: nullableUrl,
    INSTAGRAM_URL: nullableUrl,
    COPYRIGHT: text(200),
    FAQ: z.strictObject({ id: text(40), href: httpsUrl }),
    DESIGN_TYPE: text(40),
    WEB_FONT_FAMILY: text(300).regex(/^[^;{}<>\\]+$/, {
      error: 'フォント名の一覧に ; { } < > \\ は使えません',
    }),
    FC_CONTENTS: z.array(fcContentSchema).min(1).max(12),
    TOP_PAGE_CONTENT: z.array(z.enum(SECTION_IDS)).max(SECTION_IDS.length),
    IS_SHOW_MYPAGE_LEAVE: z.boolean(),
    SIGN_UP_FLOW: z.array(z.enum(SIGN_UP_STEPS)).min(2),
    /**
     * The sign-up step that shows the terms and privacy policy and asks for agreement (decision 0027): no later
     * step is saved without it. The account step by default.
     */
    TERMS_CONSENT_STEP: z.enum(CONSENT_STEPS).default('account'),
    FOOTER_CONTENT: z.array(z.strictObject({ id: z.enum(FOOTER_LINK_IDS) })),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, { error: 'GA4 の測定 ID (G-XXXXXXXX) を指定してください' })
      .nullable(),
    FC_SERVER_CELL: z.enum(SERVER_CELLS),
    CONTENT_SOURCE: z.record(z.string(), z.unknown()),
    PASSWORD_POLICY: passwordPolicySchema.prefault({}),
    /**
     * Konbini payment (a voucher paid at a convenience store) beside the card, for plans of these intervals; it
     * never renews by itself (docs/decisions/0026). Off unless the site enables it.
     */
    KONBINI_PAYMENT: z
      .strictObject({
        enabled: z.boolean().default(false),
        intervals: z
          .array(z.enum(['month', 'year']))
          .min(1)
          .default(['year']),
      })
      .prefault({}),
    /**
     * The operator's 適格請求書発行事業者 registration number, printed on every receipt (docs/decisions/0026). Null
     * (the default, so that sites stored before it keep working) when the operator is not registered: the receipt
     * then says it is not a qualified invoice rather than look like one.
     */
    INVOICE_REGISTRATION_NUMBER: z
      .string()
      .regex(INVOICE_NUMBER_PATTERN, {
        error: '適格請求書発行事業者の登録番号は「T」に続く 13 桁の半角数字で指定してください',
        abort: true,
      })
      .refine(isInvoiceRegistrationNumber, {
        error: '登録番号の検査用数字（T の次の 1 桁）が合いません。番号を確かめてください',
      })
      .nullable()
      .default(null),
    /**
     * NG ワード of the live chat (decision 0051): a message containing one (compared after NFKC and lower-casing) is
     * refused. Empty by default.
     */
    CHAT_NG_WORDS: z.array(text(40)).max(500).default([]),
    THEME: themeSchema,
    /** The section whose items staff may take live (features/live, decision 0050); MOVIE unless named. */
    LIVE_SECTION: z.enum(SECTION_IDS).default('movie'),
    /**
     * 会員歴 (issue 43, docs/decisions/0052): a renewal within GRACE_DAYS of the end of the last paid period keeps the
     * continuous years; the card shows the highest mark of MARKS the member's full years have reached.
     */
    TENURE: z
      .strictObject({
        GRACE_DAYS: z.number().int().min(0).max(365).default(30),
        MARKS: z
          .array(z.strictObject({ years: z.number().int().min(1).max(100), label: text(20) }))
          .max(10)
          .refine((marks) => unique(marks.map((mark) => mark.years)), { error: '年数が重複しています' })
          .default([
            { years: 1, label: '1年' },
            { years: 3, label: '3年' },
            { years: 5, label: '5年' },
            { years: 10, label: '10年' },
          ]),
      })
      .prefault({}),
    /**
     * The birthday greeting (issue 43): on the member's birthday in Japan time, a notice in お知らせ (and its mail,
     * which the member may unsubscribe from) with SUBJECT and MESSAGE, and a decoration on the member card. `{name}`
     * in either is the member's nickname.
     */
    BIRTHDAY: z
      .strictObject({
        ENABLED: z.boolean().default(true),
        SUBJECT: text(80).default('お誕生日おめでとうございます'),
        MESSAGE: text(1000)
          .refine((value) => !/<\s*\/?\s*[a-z!]/i.test(value), { error: 'HTMLタグは使えません' })
          .default('{name}さん、お誕生日おめでとうございます！素敵な一年になりますように。'),
      })
      .prefault({}),
    /**
     * The in-club contact form (お問い合わせ, decision 0053) beside the footer's FAQ link: on, My page, each payment and
     * each ticket open it, and the club's support staff answer in the console. Off (the default), the site keeps only
     * its outside help centre, and My page shows the member number and plan for the fan to copy into it.
     */
    CONTACT_FORM: z.strictObject({ enabled: z.boolean().default(false) }).prefault({}),
    /**
     * The sender of the site's mails (decision 0028), and the address its links start with. Unset: the service name
     * from no-reply@ the site's first host; SITE_URL unset: that host (http and the app's port in the demo).
     */
    MAIL: z
      .strictObject({
        FROM_NAME: text(80),
        FROM_ADDRESS: z.email({ error: 'メールアドレスを指定してください' }),
        SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
      })
      .optional(),
  })
  .superRefine(
    (config, ctx) => {
      const ids = config.FC_CONTENTS.map((entry) => entry.id);
      if (!unique(ids))
        ctx.addIssue({ code: 'custom', path: ['FC_CONTENTS'], message: 'id が重複しています' });
      config.TOP_PAGE_CONTENT.forEach((id, index) => {
        if (!ids.includes(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['TOP_PAGE_CONTENT', index],
            message: `FC_CONTENTS にないセクション "${id}" は指定できません`,
          });
        }
      });
      if (!unique(config.TOP_PAGE_CONTENT)) {
        ctx.addIssue({ code: 'custom', path: ['TOP_PAGE_CONTENT'], message: 'セクションが重複しています' });
      }
      const flow = config.SIGN_UP_FLOW;
      if (!unique(flow) || flow[0] !== 'account' || flow.at(-1) !== 'complete') {
        ctx.addIssue({
          code: 'custom',
          path: ['SIGN_UP_FLOW'],
          message: '重複のない手順で、account で始まり complete で終わる必要があります',
        });
      }
      if (!flow.includes(config.TERMS_CONSENT_STEP)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TERMS_CONSENT_STEP'],
          message: 'SIGN_UP_FLOW にない手順は指定できません',
        });
      }
      if (!unique(config.FOOTER_CONTENT.map((link) => link.id))) {
        ctx.addIssue({ code: 'custom', path: ['FOOTER_CONTENT'], message: 'リンクが重複しています' });
      }
    },
    {
      // Runs even when unrelated fields are bad, so that one report lists every problem of a file.
      when: ({ issues }) => !issues.some((issue) => CROSS_CHECKED.has(String(issue.path?.[0]))),
    },
  ) satisfies z.ZodType<StoredSiteConfig>;

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type FcContent = z.infer<typeof fcContentSchema>;
export type ContentSectionEntry = Extract<FcContent, { id: SectionId }>;
