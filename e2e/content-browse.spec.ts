import { expect, test, type Response } from './support/test';
import { expectSignedIn } from './support/auth';
import { demoSession } from './support/sessions';
import { MIO_URL, SECOND_URL } from './support/sites';
import {
  demoItem,
  expectLocked,
  fullItem,
  galleryImage,
  galleryPosition,
  gotoFresh,
  hydrated,
  itemLinks,
  lockedNotice,
  openItem,
  publishedItems,
  sectionsOf,
} from './support/content';

/**
 * Browsing the content as the three kinds of viewer (docs/decisions/0010), on phones and desktops: what a visitor
 * and a member without premium see of a premium item (the teaser and the way in), and what a premium member gets
 * (body, gallery, movie, presale code).
 */

const PREMIUM_SECTIONS = sectionsOf('mio').filter((section) => section.requiredUserStatus === 'premium');

test.describe('mio as a signed-out visitor', () => {
  test('every section lists its newest items first', async ({ page }) => {
    test.slow();
    for (const section of sectionsOf('mio')) {
      const items = publishedItems('mio', section.id);
      await gotoFresh(page, `/${section.id}`);
      await expect(page.getByRole('heading', { level: 1, name: section.displayName })).toBeVisible();
      await expect(itemLinks(page, section.id).first()).toContainText(items[0]!.title);
      await expect(itemLinks(page, section.id)).toHaveCount(Math.min(items.length, 12));
    }
  });

  for (const section of PREMIUM_SECTIONS) {
    test(`${section.displayName}: the newest item shows its teaser, 新規入会 and ログイン, and no body`, async ({
      page,
    }) => {
      const first = publishedItems('mio', section.id)[0]!;
      const path = await openItem(page, MIO_URL, section.id, first.title);
      await expectLocked(page, 'mio', first);
      const notice = lockedNotice(page);
      // The way in carries the item, to come back to it once joined (docs/decisions/0029), and names the price.
      await expect(notice.getByRole('link', { name: '新規入会' })).toHaveAttribute(
        'href',
        `/signup?next=${encodeURIComponent(path)}`,
      );
      await expect(notice.getByTestId('entry-price')).toHaveText('月額 550円〜（税込）');
      await expect(notice.getByRole('link', { name: 'ログイン' })).toHaveAttribute(
        'href',
        `/login?next=${encodeURIComponent(path)}`,
      );
      await expect(notice.getByRole('link', { name: 'プレミアム会員になる' })).toHaveCount(0);
    });
  }

  test('a news item and a blog post open to all are shown in full', async ({ page }) => {
    const news = publishedItems('mio', 'news')[0]!;
    await openItem(page, MIO_URL, 'news', news.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(lockedNotice(page)).toHaveCount(0);

    const open = publishedItems('mio', 'blog').find((item) => item.openToAll)!;
    await openItem(page, MIO_URL, 'blog', open.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(page.locator('.item-body')).toBeVisible();
    await expect(lockedNotice(page)).toHaveCount(0);
    // Its files are public: no signed URL for anyone's open post.
    const sources = await page
      .locator('main img')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^\/media\/p\/[0-9a-f-]{36}\/w\d+$/);
  });

  test('news: 12 items, then もっと見る loads the rest; the scheduled item is nowhere', async ({ page }) => {
    const scheduled = demoItem('mio', 'news-04');
    expect(scheduled.daysAgo).toBeLessThan(0);
    const published = publishedItems('mio', 'news');
    expect(published).toHaveLength(13);

    await gotoFresh(page, '/');
    await expect(page.locator('[data-top-section="news"]')).toBeVisible();
    await expect(page.getByText(scheduled.title)).toHaveCount(0);

    const apiPages: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/content/news?cursor=')) apiPages.push(response);
    });
    await gotoFresh(page, '/news');
    const rows = itemLinks(page, 'news');
    await expect(rows).toHaveCount(12);
    await expect(rows).toHaveText(published.slice(0, 12).map((item) => new RegExp(escape(item.title))));
    const more = page.getByRole('button', { name: 'もっと見る' });
    await more.click();
    await expect(rows).toHaveCount(13);
    await expect(rows.last()).toContainText(published[12]!.title);
    await expect(more).toHaveCount(0);
    expect(apiPages.map((response) => response.status())).toEqual([200]);
    await expect(page.getByText(scheduled.title)).toHaveCount(0);
    expect(await page.content()).not.toContain(scheduled.title);
  });

  test('もっと見る: a page that fails to load says so in Japanese and can be asked for again', async ({
    page,
  }) => {
    const published = publishedItems('mio', 'news');
    // The request and the query client's one retry.
    let failures = 2;
    await page.route('**/api/content/news?cursor=*', async (route) => {
      if (failures-- > 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await gotoFresh(page, '/news');
    const rows = itemLinks(page, 'news');
    await expect(rows).toHaveCount(12);
    const more = page.getByRole('button', { name: 'もっと見る' });
    await more.click();
    await expect(page.locator('main').getByRole('alert')).toHaveText(
      '通信できませんでした。接続を確認して、もう一度お試しください。',
    );
    await expect(rows).toHaveCount(12);
    await more.click();
    await expect(rows).toHaveCount(13);
    await expect(rows.last()).toContainText(published[12]!.title);
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
    await expect(more).toHaveCount(0);
  });
});

test.describe('mio as a signed-in member without premium', () => {
  for (const role of ['guest', 'expired'] as const) {
    test.describe(() => {
      test.use({ storageState: demoSession('mio', role) });
      test(`${role} member: a premium item shows its teaser and プレミアム会員になる`, async ({ page }) => {
        await page.goto(`${MIO_URL}/mypage`);
        await expectSignedIn(page);
        for (const section of ['blog', 'ticket']) {
          const first = publishedItems('mio', section)[0]!;
          const path = await openItem(page, MIO_URL, section, first.title);
          await expectLocked(page, 'mio', first);
          const notice = lockedNotice(page);
          await expect(notice.getByRole('link', { name: 'プレミアム会員になる' })).toHaveAttribute(
            'href',
            `/signup/continue?next=${encodeURIComponent(path)}`,
          );
          await expect(notice.getByRole('link', { name: '新規入会' })).toHaveCount(0);
          await expect(notice.getByRole('link', { name: 'ログイン' })).toHaveCount(0);
        }
      });
    });
  }
});

// Pictures and video are laid out for the width: checked at both.
test.describe('mio as a premium member', { tag: '@both-widths' }, () => {
  test.use({ storageState: demoSession('mio', 'premium') });

  test('a blog post in full: body and its images through signed URLs', async ({ page }) => {
    const first = publishedItems('mio', 'blog')[0]!;
    await openItem(page, MIO_URL, 'blog', first.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(lockedNotice(page)).toHaveCount(0);
    await expect(page.locator('[data-teaser]')).toHaveCount(0);
    const body = page.locator('.item-body');
    await expect(body).toContainText(`LEAKCANARY-mio-${first.key}-body`);
    const inline = body.locator('img');
    await expect(inline).toHaveCount(1);
    await expect(inline).toHaveAttribute('src', /^\/media\/s\/[\w-]+\.[\w-]+$/);
    // The image really loads.
    await inline.scrollIntoViewIfNeeded();
    await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a gallery pages with 次へ and 前へ, and wraps around', async ({ page }) => {
    const item = publishedItems('mio', 'photo')[0]!;
    const count = item.images!.length;
    await openItem(page, MIO_URL, 'photo', item.title);
    const position = galleryPosition(page);
    const image = galleryImage(page);
    await expect(position).toHaveText(`1 / ${count}`);
    const firstSrc = await image.getAttribute('src');
    expect(firstSrc).toMatch(/^\/media\/s\//);
    await expect(page.locator('figure figcaption')).toContainText(`LEAKCANARY-mio-${item.key}-caption0`);

    await hydrated(page.getByRole('button', { name: '次へ', exact: true }));
    await page.getByRole('button', { name: '次へ', exact: true }).click();
    await expect(position).toHaveText(`2 / ${count}`);
    await expect(image).not.toHaveAttribute('src', firstSrc!);
    await expect(page.locator('figure figcaption')).toContainText(`LEAKCANARY-mio-${item.key}-caption1`);
    await page.getByRole('button', { name: '前へ', exact: true }).click();
    await expect(position).toHaveText(`1 / ${count}`);
    await expect(image).toHaveAttribute('src', firstSrc!);
    // Wraps: back from the first is the last, on from the last the first.
    await page.getByRole('button', { name: '前へ', exact: true }).click();
    await expect(position).toHaveText(`${count} / ${count}`);
    await page.getByRole('button', { name: '次へ', exact: true }).click();
    await expect(position).toHaveText(`1 / ${count}`);
    await expect(image).toHaveAttribute('src', firstSrc!);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a movie seeks: the browser reads it by ranges (206)', async ({ page }) => {
    const item = publishedItems('mio', 'movie').find((candidate) => candidate.video)!;
    const partial: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/media/s/') && response.request().resourceType() === 'media') {
        partial.push(response.status());
      }
    });
    await openItem(page, MIO_URL, 'movie', item.title);
    const video = page.locator('video[data-movie]');
    await expect(video).toBeVisible();
    await expect(video.locator('source')).toHaveAttribute('src', /^\/media\/s\//);
    await expect(video.locator('source')).toHaveAttribute('type', 'video/webm');

    const duration = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
          el.addEventListener('error', () => reject(new Error(`video error ${el.error?.code}`)), {
            once: true,
          });
        }),
    );
    expect(duration).toBeGreaterThan(3.5);
    const time = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = 3;
        }),
    );
    expect(time).toBeCloseTo(3, 0);
    expect(partial).toContain(206);
  });
});

// What a presale and a live stream show is text and links, the same at every width: checked once.
test.describe('mio as a premium member, once', () => {
  test.use({ storageState: demoSession('mio', 'premium') });

  test('a presale with an open window: 受付中, the code and the application link', async ({ page }) => {
    // The shared code is an item's without a members' presale: one with a presale shows its panel alone (issue 37).
    const item = publishedItems('mio', 'ticket').find(
      (candidate) =>
        candidate.ticket!.presaleCode &&
        candidate.ticket!.applyFromDays < 0 &&
        candidate.ticket!.applyUntilDays > 0,
    )!;
    await openItem(page, MIO_URL, 'ticket', item.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(page.locator('article header').getByText('受付中', { exact: true })).toBeVisible();
    await expect(page.getByText('先行受付コード')).toBeVisible();
    await expect(page.locator('article code')).toHaveText(
      `${item.ticket!.presaleCode}-LEAKCANARY-mio-${item.key}-code`,
    );
    await expect(page.getByRole('link', { name: /申込ページへ/ })).toHaveAttribute(
      'href',
      `${item.ticket!.applyUrl}?c=LEAKCANARY-mio-${item.key}-url`,
    );
  });

  test('a live stream carries the LIVE badge in the list and on its page', async ({ page }) => {
    const live = publishedItems('mio', 'movie').find((item) => item.live)!;
    await gotoFresh(page, '/movie');
    const card = itemLinks(page, 'movie').filter({ hasText: live.title });
    await expect(card.getByText('LIVE', { exact: true })).toBeVisible();
    await openItem(page, MIO_URL, 'movie', live.title);
    await expect(page.locator('article header').getByText('LIVE', { exact: true })).toBeVisible();
    // A YouTube stream: its player only once asked for.
    await expect(page.getByRole('button', { name: /YouTube で再生/ })).toBeVisible();
  });
});

test.describe('second as a signed-out visitor', () => {
  test('GALLERY is open to everyone: the whole gallery through public URLs', async ({ page }) => {
    const item = publishedItems('second', 'photo')[0]!;
    const count = item.images!.length;
    await openItem(page, SECOND_URL, 'photo', item.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(lockedNotice(page)).toHaveCount(0);
    await expect(galleryPosition(page)).toHaveText(`1 / ${count}`);
    const sources = await page
      .locator('main img')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    expect(sources.length).toBe(count + 1);
    for (const src of sources) expect(src).toMatch(/^\/media\/p\/[0-9a-f-]{36}\/w\d+$/);
    const firstSrc = await galleryImage(page).getAttribute('src');
    await page.getByRole('button', { name: '次へ', exact: true }).click();
    await expect(galleryPosition(page)).toHaveText(`2 / ${count}`);
    await expect(galleryImage(page)).not.toHaveAttribute('src', firstSrc!);
    await expect
      .poll(() => galleryImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.content()).not.toContain('/media/s/');
  });

  test('DIARY is for premium members: locked, with the way in', async ({ page }) => {
    const first = publishedItems('second', 'blog')[0]!;
    const path = await openItem(page, SECOND_URL, 'blog', first.title);
    await expectLocked(page, 'second', first);
    await expect(lockedNotice(page).getByRole('link', { name: 'ログイン' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(path)}`,
    );
    // Its one post open to all is not.
    const open = publishedItems('second', 'blog').find((item) => item.openToAll)!;
    await openItem(page, SECOND_URL, 'blog', open.title);
    await expect(fullItem(page)).toBeVisible();
  });
});

test.describe(() => {
  test.use({ storageState: demoSession('second', 'premium') });

  test('a premium member of second gets DIARY in full', async ({ page }) => {
    const first = publishedItems('second', 'blog')[0]!;
    await openItem(page, SECOND_URL, 'blog', first.title);
    await expect(fullItem(page)).toBeVisible();
    await expect(page.locator('.item-body')).toContainText(`LEAKCANARY-second-${first.key}-body`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
