import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MIO_URL, SECOND_URL } from './support/sites';
import { demoBrowser } from './support/sessions';
import {
  ADDRESS,
  CARD_EXPIRY,
  CARDS,
  PROFILE,
  joinedMember,
  postOk,
  saveSteps,
  signedInNewUser,
} from './support/membership';
import { jstDay } from '@/lib/dates';

/**
 * 会員歴 and birthdays (issue 43, docs/decisions/0052). The sandbox's test clock is the site's time: moving it ends a
 * membership, and makes a birthday come.
 */
const card = (page: Page) => page.getByTestId('member-card');

test('the card shows 会員歴 and the mark; a return within the grace keeps the years', async ({
  page,
  browser,
}) => {
  test.slow();
  // The seeded premium member: a yearly card for three years, then monthly after a 5-day gap (within the grace).
  const fan = await demoBrowser(browser, 'mio', 'premium');
  await fan.goto(`${MIO_URL}/mypage`);
  await expect(card(fan).getByTestId('card-years')).toHaveText('4年目');
  await expect(card(fan).getByTestId('card-tenure-mark')).toContainText('ファミリー3年');
  await fan.context().close();

  // A new member leaves a monthly plan; 33 days on (the month ended 2 to 5 days ago, mio's grace is 30) My page says
  // how long a return keeps the years; paying again keeps them: the run still starts on the first join.
  await joinedMember(page, 'mio', 'monthly');
  await expect(card(page).getByTestId('card-tenure-mark')).toHaveCount(0);
  await expect(card(page).getByTestId('card-since')).toHaveCount(0);
  await postOk(page, '/api/billing/leave', { reason: '' });
  await page.reload();
  await expect(page.getByTestId('tenure-lapse-notice')).toContainText('1年目から数え直し');
  await postOk(page, '/api/sandbox/clock', { days: 33 });
  await page.reload();
  await expect(page.getByTestId('tenure-grace')).toContainText('までに再入会すると、会員歴（1年目）');
  await postOk(page, '/api/billing/subscribe', {
    card: { number: CARDS.visa, expiry: CARD_EXPIRY, cvc: '123' },
  });
  await page.goto(`${MIO_URL}/mypage`);
  await expect(card(page).getByTestId('card-years')).toHaveText('1年目');
  // A new run would say where it began (a day other than the join date); one kept says nothing.
  await expect(card(page).getByTestId('card-since')).toHaveCount(0);
});

test('a birthday greeting comes on the day, on the card and once in お知らせ', async ({ page }) => {
  test.slow();
  await signedInNewUser(page, 'second', 'birthday');
  await page.goto(`${SECOND_URL}/mypage`);
  // The site's day as its clock has it, moved a day on: the member's birthday is the day after that.
  const moved = (await postOk(page, '/api/sandbox/clock', { days: 1 })) as { now: string };
  const tomorrow = jstDay(new Date(new Date(moved.now).getTime() + 86_400_000));
  const birthday = `1995-${tomorrow.slice(5)}`;
  await saveSteps(page, 'second', {
    nickname: '誕生日テスト',
    profile: { ...PROFILE, birthday },
    address: ADDRESS,
    plan: 'monthly',
    paid: true,
  });
  await page.goto(`${SECOND_URL}/mypage`);
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByTestId('card-birthday')).toHaveCount(0);

  await postOk(page, '/api/sandbox/clock', { days: 1 });
  const greeting = page.getByTestId('inbox').getByText('Happy Birthday from NIGHT TRAIN');
  // The job runs every 15 s: the greeting is there after its next run.
  await expect(async () => {
    await page.goto(`${SECOND_URL}/mypage/notices`);
    await expect(greeting).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  await page.goto(`${SECOND_URL}/mypage`);
  await expect(card(page).getByTestId('card-birthday')).toBeVisible();

  // Once, however often the job runs, on one runner or two at once: birthdays.int.test.ts (a browser would wait a
  // whole period of the job for it).
  await page.goto(`${SECOND_URL}/mypage/notices`);
  await expect(greeting).toHaveCount(1);
});
