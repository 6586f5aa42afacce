import { expect, test, type APIRequestContext, type Page } from './support/test';
import { MIO_URL, SECOND_URL } from './support/sites';
import {
  ADDRESS,
  CARDS,
  CARD_EXPIRY,
  JAPANESE,
  PROFILE,
  expectAddressShown,
  expectProfileShown,
  expectStep,
  joinedMember,
  nicknameForm,
  planRadio,
  PLANS,
  post,
  postOk,
  readPlanIds,
  saveSteps,
  signedInNewUser,
  uniqueNickname,
  type ApiAnswer,
} from './support/membership';

/**
 * Hostile and broken input to every member API: each is refused with a 4xx (never a 5xx) and a Japanese message,
 * and what the member saved before is still there afterwards, read back from the pages.
 */

// Every test makes its own account: they run side by side on both workers.
test.describe.configure({ mode: 'parallel' });

const SQL = "'; DROP TABLE members; --";
const HTML = '<script>alert(1)</script>';
const EMOJI = '🎤';
/** More than the server reads (16 KiB): refused unread. */
const OVERSIZED = 'あ'.repeat(20_000);

interface BadCase {
  name: string;
  init: Parameters<typeof post>[2];
  /** 422 unless said. */
  status?: number;
  /** The field whose message is expected, and the message when it is known exactly. */
  field?: string;
  message?: string;
}

/** The cases every API gets, whatever its fields: no body, not JSON, too large, not an object. */
function unreadable(sample: object): BadCase[] {
  return [
    { name: 'empty body', init: {}, field: 'form' },
    { name: 'non-JSON body', init: { raw: 'nickname=x&familyName=y' }, field: 'form' },
    {
      name: 'form-encoded body',
      init: {
        raw: new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
      field: 'form',
    },
    {
      name: 'broken JSON',
      init: { raw: '{"nickname": "ミオ"', contentType: 'application/json' },
      field: 'form',
    },
    { name: 'JSON null', init: { raw: 'null', contentType: 'application/json' }, field: 'form' },
    { name: 'JSON array', init: { body: [sample] }, field: 'form' },
    {
      name: 'oversized body',
      init: { body: Object.fromEntries(Object.keys(sample).map((key) => [key, OVERSIZED])) },
      field: 'form',
    },
  ];
}

/** `values` with one field replaced: what the form would send, but for that field. */
const withField = <T extends object>(values: T, field: string, value: unknown) => ({
  ...values,
  [field]: value,
});

function expectRefused(answer: ApiAnswer, expected: Omit<BadCase, 'init' | 'name'>, label: string): void {
  const context = `${label}: ${answer.status} ${JSON.stringify(answer.body)}`;
  expect(answer.status, context).toBe(expected.status ?? 422);
  expect(answer.body?.error?.message, context).toMatch(JAPANESE);
  const fields = (answer.body?.error?.fields ?? {}) as Record<string, string>;
  for (const message of Object.values(fields)) expect(message, context).toMatch(JAPANESE);
  if (expected.field) expect(Object.keys(fields), context).toContain(expected.field);
  if (expected.field && expected.message) expect(fields[expected.field], context).toBe(expected.message);
}

/**
 * Sends every case at once (the browser keeps six requests open to the site): each is refused on its own, and none
 * changes anything, which the tests read back from the pages afterwards.
 */
async function expectAllRefused(page: Page, path: string, cases: BadCase[]): Promise<void> {
  const answers = await Promise.all(cases.map((entry) => post(page, path, entry.init)));
  cases.forEach((entry, i) => expectRefused(answers[i]!, entry, `POST ${path} (${entry.name})`));
}

// ---------------------------------------------------------------------------------------------------------------
// The cases of each form

function nicknameCases(): BadCase[] {
  const field = 'nickname';
  return [
    ...unreadable({ nickname: 'ミオ' }),
    { name: 'missing field', init: { body: {} }, field },
    {
      name: 'only spaces',
      init: { body: { nickname: '　 ' } },
      field,
      message: 'ニックネームを入力してください',
    },
    {
      name: 'too long',
      init: { body: { nickname: 'あ'.repeat(21) } },
      field,
      message: 'ニックネームは20文字以内で入力してください',
    },
    {
      name: 'emoji',
      init: { body: { nickname: `ミオ${EMOJI}` } },
      field,
      message: 'ニックネームに絵文字は使えません',
    },
    {
      name: 'HTML',
      init: { body: { nickname: '<b>ミオ</b>' } },
      field,
      message: 'ニックネームに < > は使えません',
    },
    { name: 'long HTML', init: { body: { nickname: HTML } }, field },
    // The whole fragment is longer than a nickname may be; a short one is plain text (see the test below).
    { name: 'SQL', init: { body: { nickname: SQL } }, field },
    {
      name: 'NUL character',
      init: { body: { nickname: 'ミ\u0000オ' } },
      field,
      message: 'ニックネームに使えない文字が含まれています',
    },
    {
      name: 'invisible character',
      init: { body: { nickname: 'ミ\u200Bオ' } },
      field,
      message: 'ニックネームに使えない文字が含まれています',
    },
    { name: 'a number', init: { body: { nickname: 12345 } }, field },
    { name: 'an object', init: { body: { nickname: { $ne: null } } }, field },
  ];
}

function profileCases(): BadCase[] {
  const bad = (name: string, field: keyof typeof PROFILE, value: unknown, message?: string): BadCase => ({
    name,
    init: { body: withField(PROFILE, field, value) },
    field,
    message,
  });
  const withoutPhone: Partial<typeof PROFILE> = { ...PROFILE };
  delete withoutPhone.phone;
  return [
    ...unreadable(PROFILE),
    { name: 'all fields missing', init: { body: {} }, field: 'familyName' },
    { name: 'phone missing', init: { body: withoutPhone }, field: 'phone' },
    bad('family name too long', 'familyName', '山'.repeat(41), '姓は40文字以内で入力してください'),
    bad('latin in kana', 'familyNameKana', 'Yamada', 'セイは全角カタカナで入力してください'),
    bad('kanji in kana', 'givenNameKana', '美緒', 'メイは全角カタカナで入力してください'),
    bad('kana too long', 'givenNameKana', 'ミ'.repeat(41), 'メイは40文字以内で入力してください'),
    bad(
      'kanji in phone',
      'phone',
      '〇九〇一二三四五六七八',
      '電話番号は0から始まる10桁または11桁の数字で入力してください',
    ),
    bad(
      'letters in phone',
      'phone',
      '090-abcd-5678',
      '電話番号は0から始まる10桁または11桁の数字で入力してください',
    ),
    bad(
      'phone too long',
      'phone',
      '0'.repeat(200),
      '電話番号は0から始まる10桁または11桁の数字で入力してください',
    ),
    bad('digits in a name', 'givenName', '美緒2', '名は漢字・かな・英字で入力してください'),
    bad('emoji in a name', 'givenName', `美緒${EMOJI}`, '名に絵文字は使えません'),
    bad('SQL in a name', 'familyName', SQL, '姓は漢字・かな・英字で入力してください'),
    bad('SQL in kana', 'familyNameKana', SQL, 'セイは全角カタカナで入力してください'),
    bad('HTML in a name', 'givenName', '<b>美緒</b>', '名に < > は使えません'),
    bad('HTML in phone', 'phone', HTML, '電話番号は0から始まる10桁または11桁の数字で入力してください'),
    bad('birthday in the future', 'birthday', '2999-01-01', '生年月日が正しくありません'),
    bad('birthday that does not exist', 'birthday', '2001-02-30', '生年月日が正しくありません'),
    bad('birthday not a date', 'birthday', 'きのう', '生年月日を入力してください'),
    bad('birthday SQL', 'birthday', SQL, '生年月日を入力してください'),
    bad('a number for a name', 'familyName', 42),
  ];
}

function addressCases(): BadCase[] {
  const bad = (name: string, field: keyof typeof ADDRESS, value: unknown, message?: string): BadCase => ({
    name,
    init: { body: withField(ADDRESS, field, value) },
    field,
    message,
  });
  return [
    ...unreadable(ADDRESS),
    { name: 'all fields missing', init: { body: {} }, field: 'postalCode' },
    bad('postal code in letters', 'postalCode', 'abcdefg', '郵便番号は7桁の数字で入力してください'),
    bad('postal code in kanji', 'postalCode', '百〇〇〇〇〇一', '郵便番号は7桁の数字で入力してください'),
    bad('postal code too long', 'postalCode', '1'.repeat(100), '郵便番号は7桁の数字で入力してください'),
    bad('postal code SQL', 'postalCode', SQL, '郵便番号は7桁の数字で入力してください'),
    bad('prefecture not one of the 47', 'prefecture', 'Tokyo', '都道府県を選択してください'),
    bad('prefecture SQL', 'prefecture', SQL, '都道府県を選択してください'),
    bad('city empty', 'city', '', '市区町村を入力してください'),
    bad('city too long', 'city', '区'.repeat(61), '市区町村は60文字以内で入力してください'),
    bad('emoji in city', 'city', `千代田区${EMOJI}`, '市区町村に絵文字は使えません'),
    bad('street too long', 'street', '1'.repeat(101), '番地は100文字以内で入力してください'),
    bad('HTML in street', 'street', HTML, '番地に < > は使えません'),
    bad(
      'HTML in building',
      'building',
      '<img src=x onerror=alert(1)>',
      '建物名・部屋番号に < > は使えません',
    ),
    bad('NUL in building', 'building', 'ハイツ\u0000', '建物名・部屋番号に使えない文字が含まれています'),
  ];
}

function cardCases(): BadCase[] {
  const card = { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' };
  const bad = (name: string, field: keyof typeof card, value: unknown, message?: string): BadCase => ({
    name,
    init: { body: { card: withField(card, field, value) } },
    field: `card.${field}`,
    message,
  });
  const numberMessage = 'カード番号は12〜19桁の数字で入力してください';
  // No card at all is the sandbox's "カード情報を入力してください".
  const noCard = { field: 'card', message: 'カード情報を入力してください' };
  return [
    // Unreadable bodies count as no card, or (an array) as no form at all.
    ...unreadable({ card: '4242' }).map((entry) => ({ ...entry, field: undefined })),
    { name: 'no card', init: { body: {} }, ...noCard },
    {
      name: 'card fields missing',
      init: { body: { card: {} } },
      field: 'card.number',
      message: 'カード番号を入力してください',
    },
    { name: 'card as a string', init: { body: { card: CARDS.visa } }, field: 'card' },
    bad('number too long', 'number', '4'.repeat(20), numberMessage),
    bad('number in kanji', 'number', '四二四二四二四二四二四二四二四二', numberMessage),
    bad('emoji number', 'number', `4242${EMOJI}`, numberMessage),
    bad('SQL number', 'number', SQL, numberMessage),
    bad('HTML number', 'number', HTML, numberMessage),
    bad('month 13', 'expiry', '13/30', '有効期限は MM/YY の形で入力してください'),
    bad('expiry in words', 'expiry', '来年', '有効期限は MM/YY の形で入力してください'),
    bad('letters in CVC', 'cvc', 'abc', 'セキュリティコードは3桁または4桁の数字で入力してください'),
    // The shape is right: the sandbox refuses them as Stripe would (402) with the Japanese reason.
    { ...bad('expired card', 'expiry', '01/20'), status: 402, field: undefined },
    { ...bad('wrong check digit', 'number', '4242 4242 4242 4241'), status: 402, field: undefined },
    { ...bad('a real card number', 'number', '4111 1111 1111 1111'), status: 402, field: undefined },
  ];
}

function leaveCases(): BadCase[] {
  const field = 'reason';
  return [
    ...unreadable({ reason: 'x' }),
    {
      name: 'too long',
      init: { body: { reason: 'あ'.repeat(501) } },
      field,
      message: '理由は500文字以内で入力してください',
    },
    { name: 'oversized reason', init: { body: { reason: OVERSIZED } }, field: 'form' },
    {
      name: 'NUL character',
      init: { body: { reason: `${SQL}\u0000` } },
      field,
      message: '理由に使えない文字が含まれています',
    },
    { name: 'a number', init: { body: { reason: 500 } }, field },
    { name: 'a list', init: { body: { reason: [HTML] } }, field },
  ];
}

const DETAILS = (page: Page) => page.getByTestId('member-details');

// ---------------------------------------------------------------------------------------------------------------

test.describe('bad input to the sign-up steps (mio)', () => {
  test('nickname: refused, and the saved nickname stays; text that looks like SQL is only text', async ({
    page,
  }) => {
    const nickname = uniqueNickname();
    await signedInNewUser(page, 'mio', 'bad-nickname');
    await saveSteps(page, 'mio', { nickname, profile: PROFILE });
    await page.goto(`${MIO_URL}/signup/nickname`);
    await expectAllRefused(page, '/api/signup/nickname', nicknameCases());

    await page.reload();
    await expect(nicknameForm(page).nickname).toHaveValue(nickname);
    await page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(page, 'mio', 'address');

    // A nickname may contain quotes and dashes: stored and shown as typed, and the database is unharmed.
    const sqlLike = "' OR '1'='1'; --";
    await postOk(page, '/api/signup/nickname', { nickname: sqlLike });
    await page.goto(`${MIO_URL}/signup/nickname`);
    await expect(nicknameForm(page).nickname).toHaveValue(sqlLike);
    await page.goto(`${MIO_URL}/signup/profile`);
    await expectProfileShown(page);
  });

  test('profile: refused field by field, and the saved profile stays', async ({ page }) => {
    test.slow();
    await signedInNewUser(page, 'mio', 'bad-profile');
    await saveSteps(page, 'mio', { nickname: uniqueNickname(), profile: PROFILE });
    await page.goto(`${MIO_URL}/signup/profile`);
    await expectAllRefused(page, '/api/signup/profile', profileCases());
    await page.reload();
    await expectStep(page, 'mio', 'profile');
    await expectProfileShown(page);
    await page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(page, 'mio', 'address');
  });

  test('address: refused field by field, and the saved address stays', async ({ page }) => {
    test.slow();
    await signedInNewUser(page, 'mio', 'bad-address');
    await saveSteps(page, 'mio', { nickname: uniqueNickname(), profile: PROFILE, address: ADDRESS });
    await page.goto(`${MIO_URL}/signup/address`);
    await expectAllRefused(page, '/api/signup/address', addressCases());
    await page.reload();
    await expectStep(page, 'mio', 'address');
    await expectAddressShown(page);
    await page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(page, 'mio', 'plans');
  });

  test("plans: refused, another site's plan too (400), and the chosen plan stays", async ({ page }) => {
    test.slow();
    // A plan id of the second site, from its own plans step.
    await signedInNewUser(page, 'second', 'other-site-plans');
    await saveSteps(page, 'second', { nickname: uniqueNickname(), profile: PROFILE, address: ADDRESS });
    const secondPlans = await readPlanIds(page, 'second');

    await signedInNewUser(page, 'mio', 'bad-plans');
    const ids = await saveSteps(page, 'mio', {
      nickname: uniqueNickname(),
      profile: PROFILE,
      address: ADDRESS,
      plan: 'monthly',
    });
    await page.goto(`${MIO_URL}/signup/plans`);
    const planId = 'planId';
    await expectAllRefused(page, '/api/signup/plans', [
      ...unreadable({ planId: ids!.yearly }),
      { name: 'missing', init: { body: {} }, field: planId, message: 'プランを選択してください' },
      {
        name: 'a plan code',
        init: { body: { planId: 'yearly' } },
        field: planId,
        message: 'プランを選択してください',
      },
      { name: 'SQL', init: { body: { planId: SQL } }, field: planId, message: 'プランを選択してください' },
      { name: 'HTML', init: { body: { planId: HTML } }, field: planId, message: 'プランを選択してください' },
      {
        name: 'emoji',
        init: { body: { planId: EMOJI } },
        field: planId,
        message: 'プランを選択してください',
      },
      { name: 'too long', init: { body: { planId: `${ids!.yearly}${'0'.repeat(500)}` } }, field: planId },
      { name: 'list of ids', init: { body: { planId: [ids!.yearly] } }, field: planId },
    ]);
    for (const id of [secondPlans.monthly, secondPlans.yearly, '00000000-0000-4000-8000-000000000000']) {
      const answer = await post(page, '/api/signup/plans', { body: { planId: id } });
      expectRefused(answer, { status: 400 }, `another site's plan ${id}`);
      expect(answer.body.error.message).toBe('このプランはお申し込みいただけません。');
    }
    await page.reload();
    await expect(planRadio(page, PLANS.mio.monthly)).toBeChecked();
    await expect(planRadio(page, PLANS.mio.yearly)).not.toBeChecked();
    await page.goto(`${MIO_URL}/signup/payment`);
    await expect(page.getByTestId('final-confirmation')).toContainText(PLANS.mio.monthly.name);
  });

  test('payment: malformed and refused cards leave the member on the payment step, not a member', async ({
    page,
  }) => {
    test.slow();
    await signedInNewUser(page, 'mio', 'bad-card');
    await saveSteps(page, 'mio', {
      nickname: uniqueNickname(),
      profile: PROFILE,
      address: ADDRESS,
      plan: 'monthly',
    });
    await page.goto(`${MIO_URL}/signup/payment`);
    await expectAllRefused(page, '/api/billing/subscribe', cardCases());
    // The refused cards name their reason.
    const expired = await post(page, '/api/billing/subscribe', {
      body: { card: { number: CARDS.visa, expiry: '01/20', cvc: '123' } },
    });
    expect(expired.body.error.message).toBe('カードの有効期限が切れています。');

    await page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(page, 'mio', 'payment');
    await page.goto(`${MIO_URL}/mypage`);
    await expect(page.getByTestId('signup-unfinished')).toBeVisible();
    await expect(page.getByTestId('member-card')).toHaveCount(0);
    // And a good card still goes through afterwards.
    await postOk(page, '/api/billing/subscribe', {
      card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' },
    });
    await page.reload();
    await expect(page.getByTestId('member-card')).toBeVisible();
  });
});

test.describe('bad input on My page and to leaving (mio)', () => {
  test('nickname, profile and address edits: refused, and My page shows the saved values', async ({
    page,
  }) => {
    test.slow();
    const { nickname } = await joinedMember(page, 'mio', 'yearly');
    const before = (await DETAILS(page).textContent())!;
    expect(before).toContain(nickname);

    await expectAllRefused(page, '/api/mypage/nickname', nicknameCases());
    await expectAllRefused(page, '/api/mypage/profile', profileCases());
    await expectAllRefused(page, '/api/mypage/address', addressCases());
    const unknown = await post(page, '/api/mypage/email', { body: { email: 'x@example.com' } });
    expectRefused(unknown, { status: 404 }, 'POST /api/mypage/email');

    await page.reload();
    await expect(DETAILS(page)).toHaveText(before);
    await expect(page.getByTestId('card-nickname')).toHaveText(nickname);
  });

  test('leave: an unreadable or bad reason is refused and the member has not left', async ({ page }) => {
    test.slow();
    await joinedMember(page, 'mio', 'yearly');
    await expectAllRefused(page, '/api/billing/leave', leaveCases());
    await page.reload();
    await expect(page.getByTestId('leaving-notice')).toHaveCount(0);
    await expect(page.getByTestId('member-card')).toContainText('次回更新日：');
    await page.goto(`${MIO_URL}/mypage/leave`);
    await expect(page.getByTestId('leave-summary')).toBeVisible();

    // The reason is free text: quotes, markup and emoji are kept as text, and leaving works.
    await postOk(page, '/api/billing/leave', { reason: `${SQL} ${HTML} ${EMOJI}` });
    await page.goto(`${MIO_URL}/mypage`);
    await expect(page.getByTestId('leaving-notice')).toBeVisible();
  });
});

test.describe('who may call the member APIs (mio)', () => {
  const MEMBER_APIS = [
    '/api/signup/nickname',
    '/api/signup/profile',
    '/api/signup/address',
    '/api/signup/plans',
    '/api/billing/subscribe',
    '/api/billing/card',
    '/api/billing/leave',
    '/api/billing/resume',
    '/api/mypage/nickname',
    '/api/mypage/profile',
    '/api/mypage/address',
    '/api/sandbox/clock',
  ];

  async function postFrom(
    request: APIRequestContext,
    path: string,
    origin: string | null,
    data: unknown = { nickname: 'よそ' },
  ) {
    const response = await request.post(`${MIO_URL}${path}`, {
      headers: origin === null ? {} : { Origin: origin },
      data,
    });
    return { status: response.status(), body: await response.json().catch(() => null) };
  }

  test('without a session: 401 for every member API', async ({ request }) => {
    for (const path of MEMBER_APIS) {
      const answer = await postFrom(request, path, MIO_URL, { days: 400, nickname: 'x', reason: 'x' });
      expectRefused(answer, { status: 401 }, `POST ${path} without a session`);
      expect(answer.body.error.message).toBe('ログインしてください。');
    }
  });

  test('from another site, or with no Origin: 403 for every member API, and nothing changes', async ({
    page,
  }) => {
    test.slow();
    const { nickname } = await joinedMember(page, 'mio', 'yearly');
    const before = (await DETAILS(page).textContent())!;
    const request = page.context().request;
    for (const origin of [SECOND_URL, 'https://evil.example', null]) {
      for (const path of MEMBER_APIS) {
        const answer = await postFrom(request, path, origin, { nickname: 'よそ', reason: 'よそ', days: 400 });
        expectRefused(answer, { status: 403 }, `POST ${path} from ${origin}`);
        expect(answer.body.error.code).toBe('CROSS_SITE');
      }
    }
    // The same request from the site itself is taken: the session went with the refused ones too.
    const own = await postFrom(request, '/api/mypage/nickname', MIO_URL, { nickname });
    expect(own.status).toBe(200);

    await page.reload();
    await expect(DETAILS(page)).toHaveText(before);
    await expect(page.getByTestId('leaving-notice')).toHaveCount(0);
    await expect(page.getByTestId('card-nickname')).toHaveText(nickname);
  });

  test('a later step out of order: 409, and nothing of it is saved', async ({ page }) => {
    test.slow();
    await signedInNewUser(page, 'mio', 'order');
    // Not even a member row yet: My page's edits and the payment need one.
    for (const [path, body] of [
      ['/api/mypage/nickname', { nickname: 'まだ' }],
      ['/api/billing/subscribe', { card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' } }],
      ['/api/signup/profile', PROFILE],
    ] as const) {
      expectRefused(await post(page, path, { body }), { status: 409 }, `POST ${path} before any step`);
    }

    await saveSteps(page, 'mio', { nickname: uniqueNickname() });
    for (const [path, body] of [
      ['/api/signup/address', ADDRESS],
      ['/api/signup/plans', { planId: '00000000-0000-4000-8000-000000000000' }],
      ['/api/billing/subscribe', { card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' } }],
      // My page's edits are for members who have joined, not a way around the steps' order.
      ['/api/mypage/address', ADDRESS],
      ['/api/mypage/profile', PROFILE],
    ] as const) {
      const answer = await post(page, path, { body });
      expectRefused(answer, { status: 409 }, `POST ${path} with only the nickname saved`);
    }
    const addressTooEarly = await post(page, '/api/signup/address', { body: ADDRESS });
    expect(addressTooEarly.body.error).toEqual({
      code: 'STEP_ORDER',
      message: '前の手順を先に完了してください。',
    });

    // Still at the profile step; once the profile is saved, the address step is empty: the refused one was not kept.
    await page.goto(`${MIO_URL}/signup/continue`);
    await expectStep(page, 'mio', 'profile');
    await expect(page.getByLabel('姓', { exact: true })).toHaveValue('');
    await postOk(page, '/api/signup/profile', PROFILE);
    await page.goto(`${MIO_URL}/signup/address`);
    await expectStep(page, 'mio', 'address');
    await expect(page.getByLabel('番地', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('郵便番号', { exact: true })).toHaveValue('');

    // Not steps of the API at all.
    for (const step of ['account', 'payment', 'complete', 'unknown']) {
      expectRefused(
        await post(page, `/api/signup/${step}`, { body: {} }),
        { status: 404 },
        `POST /api/signup/${step}`,
      );
    }
  });

  test('a member who has joined: the sign-up steps and payment are closed (409)', async ({ page }) => {
    await joinedMember(page, 'mio', 'yearly');
    const nickname = await post(page, '/api/signup/nickname', { body: { nickname: 'もう一度' } });
    expectRefused(nickname, { status: 409 }, 'nickname after joining');
    expect(nickname.body.error.message).toBe('すでに入会済みです。');
    const again = await post(page, '/api/billing/subscribe', {
      body: { card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' } },
    });
    expectRefused(again, { status: 409 }, 'subscribe after joining');
    expect(again.body.error.message).toBe('すでに会員としてご登録いただいています。');
    await page.reload();
    await expect(page.getByTestId('card-nickname')).not.toHaveText('もう一度');
  });
});
