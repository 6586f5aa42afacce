import path from 'node:path';
import { expect, freshContext, test, type Browser, type Page } from './support/test';
import { SITE_URLS } from './support/auth';
import { demoBrowser, demoSession } from './support/sessions';
import { fakeCameraArgs, freshestCode, writeQrVideo, type CodeBatch } from './support/tickets';

/**
 * 公式リセール (issue 41, decision 0049), on the second site's seeded state (scripts/lib/seed-resale.ts): its premium
 * member holds two issued tickets of the drawn presale, which offers resale. The seller lists one (the refund shown
 * before confirming), the resale member waits for that seat type, the staff's 今すぐマッチング runs the match time's
 * draw, the buyer pays by the saved card and holds the ticket in their own name, the door (synced after the move)
 * refuses the seller's code and admits the buyer's, and the seller's listing ends 返金済. The money's exactly-once
 * rules are proven by src/features/resale/server/resale.int.test.ts; this journey proves the pages.
 */
test.describe.configure({ timeout: 240_000 });

const SITE = SITE_URLS.second;

async function doorPage(browser: Browser): Promise<Page> {
  const context = await freshContext(browser, {
    baseURL: SITE,
    storageState: demoSession('second', 'owner'),
    viewport: { width: 390, height: 844 },
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await page.goto('/staff/door');
  await expect(page.getByTestId('door-status')).toContainText('名簿');
  return page;
}

/** The member's living codes as My page fetches them (from the page: Node does not resolve *.localhost). */
function codesOf(page: Page): Promise<CodeBatch> {
  return page.evaluate(async () => {
    const response = await fetch('/api/tickets/codes', { cache: 'no-store' });
    return (await response.json()) as CodeBatch;
  });
}

/** The short code of the window the door takes now (the current one: it also takes the one before). */
function currentShort(batch: CodeBatch, ref: string): string {
  const subject = batch.subjects.find((item) => item.ref === ref)!;
  const now = Date.now() / 1000;
  const index = batch.windows.findLastIndex((start) => start <= now);
  return subject.short[Math.max(0, index)]!;
}

test('a listed ticket goes to the member drawn at the match time, who pays and holds it in their name; the door refuses the seller’s old code; the seller is refunded', async ({
  browser,
  playwright,
}, testInfo) => {
  // The seller lists one ticket, seeing what comes back and that the sale is final once paid.
  const seller = await demoBrowser(browser, 'second', 'premium', testInfo);
  await seller.goto('/mypage');
  const sell = seller.getByTestId('resale-sell').first();
  const box = sell.getByTestId('resale-ticket').first();
  const ticketId = (await box.getAttribute('data-ticket-id'))!;
  const seat = ((await box.locator('xpath=..').textContent()) ?? '').split('（')[0]!.trim();
  await box.check();
  await sell.getByTestId('resale-review').click();
  const confirm = sell.getByTestId('resale-confirm');
  await expect(confirm).toContainText('購入者のお支払いが確認された時点で売買は確定し、取り消せません');
  await expect(confirm).toContainText('手数料');
  await expect(confirm.getByTestId('resale-refund')).toHaveText(/[\d,]+円/);
  await confirm.getByTestId('resale-list').click();
  const listing = seller.getByTestId('resale-listing').first();
  await expect(listing).toHaveAttribute('data-status', 'listed');
  await expect(listing.getByTestId('resale-listing-label')).toHaveText('出品中');

  // Another member waits for that seat type.
  const buyer = await demoBrowser(browser, 'second', 'resale', testInfo);
  await buyer.goto('/mypage');
  const form = buyer.getByTestId('resale-wait-form');
  const offering = (await form.locator('option', { hasText: seat }).first().getAttribute('value'))!;
  await form.getByTestId('resale-offering').selectOption(offering);
  await form.getByTestId('resale-wait').click();
  const wait = buyer.getByTestId('resale-wait-row').first();
  await expect(wait).toHaveAttribute('data-status', 'waiting');
  await expect(wait.getByTestId('resale-wait-label')).toHaveText('待機中');

  // The match time, run from the staff console.
  const owner = await demoBrowser(browser, 'second', 'owner', testInfo);
  await owner.goto('/staff/presales');
  await owner.getByTestId('presale-resale-link').first().click();
  await owner.getByTestId('resale-match-now').click();
  await expect(owner.getByTestId('resale-rounds')).toContainText(/成立 [1-9]枚/);
  await expect(owner.getByTestId('resale-listings')).toContainText('成立（支払い待ち）');

  // The seller's code, taken while the ticket is still theirs.
  const sellerCode = freshestCode(await codesOf(seller), ticketId);

  // The buyer pays with the saved card; the ticket is now theirs, in their name.
  await buyer.reload();
  await expect(wait.getByTestId('resale-wait-label')).toHaveText('当選');
  await wait.getByTestId('resale-pay').click();
  await expect(wait).toHaveAttribute('data-status', 'paid');
  await expect(wait.getByTestId('resale-wait-label')).toHaveText('支払い済');
  const ticket = buyer.getByTestId('e-ticket').first();
  await expect(ticket.getByTestId('e-ticket-holder')).toContainText('鈴木 陽向');

  // The door, synced after the move: the seller's code is refused, the buyer's admitted.
  const video = path.join(testInfo.outputDir, 'seller.y4m');
  writeQrVideo(sellerCode, video);
  const camera = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: fakeCameraArgs(video),
  });
  try {
    const door = await doorPage(camera);
    await door.getByTestId('door-camera').click();
    const result = door.getByTestId('door-result');
    await expect(result).toHaveAttribute('data-outcome', 'refused');
    await expect(result).toHaveAttribute('data-reason', 'moved');
  } finally {
    await camera.close();
  }
  const batch = await codesOf(buyer);
  const door = await doorPage(browser);
  await door.getByTestId('door-short-input').fill(currentShort(batch, ticketId));
  await door.getByRole('button', { name: '確認する' }).click();
  await expect(door.getByTestId('door-result')).toHaveAttribute('data-outcome', 'admitted');
  await expect(door.getByTestId('door-holder')).toContainText('鈴木 陽向');

  // The seller: refunded once the job has run after the payment (every 15 s).
  await expect(async () => {
    await seller.reload();
    await expect(seller.getByTestId('resale-listing').first()).toHaveAttribute('data-status', 'refunded', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(seller.getByTestId('resale-listing-label').first()).toHaveText('返金済');
});
