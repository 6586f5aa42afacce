import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { freshContext } from './test';
import { fontsReady } from './sites';
import { SITE_URLS, createUser, signInWithToken, type FreshUser, type SiteSlug } from './auth';
import { agreeByApi } from './consent';
import { formatPhoneJa } from '@/lib/phone';

/**
 * The membership flow for the end-to-end tests: the seven sign-up steps, the sandbox's test cards, the member APIs
 * and My page, as the pages and demo/plans.json show them.
 */

export const SLUGS: SiteSlug[] = ['mio', 'second'];

/** The form steps of SIGN_UP_FLOW (both demo sites have all seven), with their number and label. */
export const STEPS = {
  nickname: { n: 2, label: 'ニックネーム' },
  profile: { n: 3, label: 'プロフィール' },
  address: { n: 4, label: '住所' },
  plans: { n: 5, label: 'プラン' },
  payment: { n: 6, label: 'お支払い' },
  complete: { n: 7, label: '完了' },
} as const;
export type FormStep = keyof typeof STEPS;

export interface PlanInfo {
  code: 'monthly' | 'yearly';
  name: string;
  /** The price as the plans step shows it, tax included. */
  price: string;
  /** The payment step's button. */
  pay: string;
}

const plan = (code: PlanInfo['code'], name: string, price: string): PlanInfo => ({
  code,
  name,
  price,
  pay: `上記の内容で確定し、${price}を支払う`,
});

/** demo/plans.json, as the plans and payment steps show it. */
export const PLANS: Record<SiteSlug, Record<'monthly' | 'yearly', PlanInfo>> = {
  mio: {
    monthly: plan('monthly', '月額会員', '550円（税込）'),
    yearly: plan('yearly', '年額会員（2か月分おトク）', '5,500円（税込）'),
  },
  second: {
    monthly: plan('monthly', 'PASSENGERS 月額', '660円（税込）'),
    yearly: plan('yearly', 'PASSENGERS 年額', '6,600円（税込）'),
  },
};

/** Stripe's test numbers, as the sandbox answers them (src/server/payments/sandbox-cards.ts). */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
/** Far enough ahead that the sandbox's test clock, moved forward by other specs, never reaches it. */
export const CARD_EXPIRY = '12/34';

/** The Japanese reasons of src/features/billing/card-errors.ts. */
export const CARD_REASONS = {
  declined: 'カードが承認されませんでした。別のカードをお試しいただくか、カード会社にお問い合わせください。',
  insufficientFunds: 'カードの利用可能額が不足しています。別のカードをお試しください。',
} as const;

export interface ProfileInput {
  familyName: string;
  givenName: string;
  familyNameKana: string;
  givenNameKana: string;
  birthday: string;
  phone: string;
}

export interface AddressInput {
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  building: string;
}

export const PROFILE: ProfileInput = {
  familyName: '山田',
  givenName: '美緒',
  familyNameKana: 'ヤマダ',
  givenNameKana: 'ミオ',
  birthday: '2000-05-15',
  phone: '09087654321',
};

/** 1000001 is 東京都千代田区千代田 in the postal data. */
export const ADDRESS: AddressInput = {
  postalCode: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-2-3',
  building: 'テストハイツ101',
};

/** Contains hiragana, katakana or kanji (the server's messages are Japanese). */
export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** A nickname no other test uses, so that a page showing it can only be this member's. */
export function uniqueNickname(prefix = 'ミオ推し'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 7)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

export const stepIndicator = (page: Page) => page.getByTestId('signup-step');

/**
 * On the step's page (URL, "ステップ N / 7：…", and the progress mark announced as the current step). The address may
 * carry the page to come back to after joining (`?next=`), and nothing else.
 */
export async function expectStep(page: Page, slug: SiteSlug, step: FormStep): Promise<void> {
  await expect(page).toHaveURL(
    new RegExp(`^${escapeRegExp(`${SITE_URLS[slug]}/signup/${step}`)}(\\?next=[^&#]+)?$`),
  );
  await expect(stepIndicator(page)).toHaveText(`ステップ ${STEPS[step].n} / 7：${STEPS[step].label}`);
  const current = page.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(STEPS[step].label);
}

export function nicknameForm(page: Page) {
  return {
    nickname: page.getByLabel('ニックネーム', { exact: true }),
    next: page.getByRole('button', { name: '次へ', exact: true }),
  };
}

export function profileForm(page: Page) {
  return {
    familyName: page.getByLabel('姓', { exact: true }),
    givenName: page.getByLabel('名', { exact: true }),
    familyNameKana: page.getByLabel('セイ（全角カタカナ）', { exact: true }),
    givenNameKana: page.getByLabel('メイ（全角カタカナ）', { exact: true }),
    birthday: page.getByLabel('生年月日', { exact: true }),
    phone: page.getByLabel('電話番号', { exact: true }),
  };
}

export function addressForm(page: Page) {
  return {
    postalCode: page.getByLabel('郵便番号', { exact: true }),
    prefecture: page.getByLabel('都道府県', { exact: true }),
    city: page.getByLabel('市区町村', { exact: true }),
    street: page.getByLabel('番地', { exact: true }),
    building: page.getByLabel('建物名・部屋番号（任意）', { exact: true }),
  };
}

export function cardForm(page: Page) {
  return {
    number: page.getByLabel('カード番号', { exact: true }),
    expiry: page.getByLabel('有効期限（MM/YY）', { exact: true }),
    cvc: page.getByLabel('セキュリティコード', { exact: true }),
  };
}

export const nextButton = (page: Page) => page.getByRole('button', { name: '次へ', exact: true });
export const backLink = (page: Page) => page.getByRole('link', { name: '戻る', exact: true });
export const formError = (page: Page) => page.getByTestId('form-error');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The plans step's radio card of a plan: its accessible name is the plan's name, interval and price. */
export const planRadio = (page: Page, plan: PlanInfo) =>
  page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(plan.name)}\\s*(月額|年額)`) });

export async function fillNickname(page: Page, nickname: string): Promise<void> {
  await nicknameForm(page).nickname.fill(nickname);
  await nextButton(page).click();
}

export async function fillProfile(page: Page, values: ProfileInput = PROFILE): Promise<void> {
  const form = profileForm(page);
  for (const key of Object.keys(form) as (keyof ProfileInput)[]) await form[key].fill(values[key]);
  await nextButton(page).click();
}

/** Types the postal code (which fills prefecture and city), then sets every field as given. */
export async function fillAddress(page: Page, values: AddressInput = ADDRESS, submit = true): Promise<void> {
  const form = addressForm(page);
  await form.postalCode.fill('');
  await form.postalCode.pressSequentially(values.postalCode);
  await expect(page.getByTestId('postal-note')).toBeVisible();
  await form.prefecture.selectOption(values.prefecture);
  await form.city.fill(values.city);
  await form.street.fill(values.street);
  await form.building.fill(values.building);
  if (submit) await nextButton(page).click();
}

export async function expectProfileShown(page: Page, values: ProfileInput = PROFILE): Promise<void> {
  const form = profileForm(page);
  // The phone is kept as digits and shown grouped (090-8765-4321), through the app's one rule.
  for (const key of Object.keys(form) as (keyof ProfileInput)[])
    await expect(form[key]).toHaveValue(key === 'phone' ? formatPhoneJa(values.phone) : values[key]);
}

export async function expectAddressShown(page: Page, values: AddressInput = ADDRESS): Promise<void> {
  const form = addressForm(page);
  for (const key of Object.keys(form) as (keyof AddressInput)[])
    await expect(form[key]).toHaveValue(values[key]);
}

export async function choosePlan(page: Page, plan: PlanInfo): Promise<void> {
  await planRadio(page, plan).check();
  await page.getByRole('button', { name: 'このプランで次へ' }).click();
}

/** Fills the sandbox card form and presses the payment button. */
export async function payWith(page: Page, number: string, plan: PlanInfo): Promise<void> {
  const form = cardForm(page);
  await form.number.fill(number);
  await form.expiry.fill(CARD_EXPIRY);
  await form.cvc.fill('123');
  await page.getByRole('button', { name: plan.pay }).click();
}

/**
 * A new account of the site, signed in (on My page, the sign-up not finished), that has agreed to the terms (as the
 * account step would have had it do; `agreed: false` leaves that to the test).
 */
export async function signedInNewUser(
  page: Page,
  slug: SiteSlug,
  label = 'member',
  { agreed = true }: { agreed?: boolean } = {},
): Promise<FreshUser> {
  const user = await createUser(slug, { label });
  await signInWithToken(page, user);
  if (agreed) await agreeByApi(page);
  return user;
}

/** Another browser, as after closing this one: nothing shared, same viewport. */
export async function newBrowser(browser: Browser, slug: SiteSlug, testInfo: TestInfo) {
  const context = await freshContext(browser, {
    baseURL: SITE_URLS[slug],
    locale: 'ja-JP',
    viewport: testInfo.project.use.viewport ?? null,
  });
  return { context, page: await context.newPage() };
}

// ---------------------------------------------------------------------------------------------------------------
// APIs

export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer's shape is what the test checks
  body: any;
}

/**
 * POSTs from the page itself (it must be on the site's origin), so the browser's session cookie and Origin go with
 * it as they do for the site's own forms. `body` is sent as JSON; `raw` as it is (not JSON); neither: no body.
 */
export async function post(
  page: Page,
  path: string,
  init: { body?: unknown; raw?: string; contentType?: string } = {},
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ path, init }) => {
      const headers: Record<string, string> = {};
      let body: string | undefined;
      if (init.raw !== undefined) {
        body = init.raw;
        headers['Content-Type'] = init.contentType ?? 'text/plain';
      } else if ('body' in init) {
        body = JSON.stringify(init.body);
        headers['Content-Type'] = 'application/json';
      }
      const response = await fetch(path, { method: 'POST', headers, body, cache: 'no-store' });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, body: json };
    },
    { path, init },
  );
}

/** Expects a 2xx answer, and returns its body. */
export async function postOk(page: Page, path: string, body?: unknown): Promise<ApiAnswer['body']> {
  const answer = await post(page, path, body === undefined ? {} : { body });
  expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** The id of each plan the site offers, read from the plans step's radio cards (the page must allow that step). */
export async function readPlanIds(page: Page, slug: SiteSlug): Promise<Record<'monthly' | 'yearly', string>> {
  await page.goto(`${SITE_URLS[slug]}/signup/plans`);
  await expect(page).toHaveURL(`${SITE_URLS[slug]}/signup/plans`);
  const ids = {
    monthly: (await planRadio(page, PLANS[slug].monthly).getAttribute('value')) ?? '',
    yearly: (await planRadio(page, PLANS[slug].yearly).getAttribute('value')) ?? '',
  };
  expect(ids.monthly).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids.yearly).toMatch(/^[0-9a-f-]{36}$/);
  return ids;
}

/**
 * The demo plans' ids, read once per worker from the plans step: the ids never change during a run (staff specs add
 * and retire other plans), and reading them costs a page load for every member a spec makes.
 */
const planIds = new Map<SiteSlug, Record<'monthly' | 'yearly', string>>();

export interface Progress {
  nickname?: string;
  profile?: ProfileInput;
  address?: AddressInput;
  plan?: 'monthly' | 'yearly';
  paid?: boolean;
}

/**
 * Saves the sign-up steps through the APIs, as the forms would, up to where `progress` says. The page must be
 * signed in on the site. Returns the plan ids when the plans step was reached.
 */
export async function saveSteps(page: Page, slug: SiteSlug, progress: Progress) {
  const origin = SITE_URLS[slug];
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/mypage`);
  if (progress.nickname !== undefined)
    await postOk(page, '/api/signup/nickname', { nickname: progress.nickname });
  if (progress.profile) await postOk(page, '/api/signup/profile', progress.profile);
  if (progress.address) await postOk(page, '/api/signup/address', progress.address);
  if (!progress.plan) return null;
  const ids = planIds.get(slug) ?? (await readPlanIds(page, slug));
  planIds.set(slug, ids);
  await postOk(page, '/api/signup/plans', { planId: ids[progress.plan] });
  if (progress.paid) {
    await postOk(page, '/api/billing/subscribe', {
      card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' },
    });
  }
  return ids;
}

/** A new account that has joined with the plan through the APIs, signed in on My page. */
export async function joinedMember(
  page: Page,
  slug: SiteSlug,
  plan: 'monthly' | 'yearly' = 'yearly',
  nickname = uniqueNickname(),
) {
  const user = await signedInNewUser(page, slug, `joined-${plan}`);
  await saveSteps(page, slug, { nickname, profile: PROFILE, address: ADDRESS, plan, paid: true });
  await page.goto(`${SITE_URLS[slug]}/mypage`);
  await expect(page.getByTestId('member-card')).toBeVisible();
  return { user, nickname };
}

// ---------------------------------------------------------------------------------------------------------------
// Screenshots

/** test-results/screens/<project>-membership-<name>.png, like e2e/screenshots.spec.ts; for a person to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  await fontsReady(page);
  const file = `test-results/screens/${test.info().project.name}-membership-${name}.png`;
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(`membership-${name}`, { path: file, contentType: 'image/png' });
}
