import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { demoSession } from './support/sessions';
import { MIO_URL, SECOND_URL } from './support/sites';
import { fullItem, gotoFresh, lockedItem, openItem, publishedItems } from './support/content';

/** The content pages have no serious or critical axe violation, locked or in full, on phones and desktops. */
test.describe('content accessibility (axe)', { tag: '@both-widths' }, () => {
  test('top page, a list and a locked item, as a visitor', async ({ page }, testInfo) => {
    test.slow();
    const label = (name: string) => `${testInfo.project.name} ${name}`;
    await gotoFresh(page, '/');
    await expect(page.locator('[data-top-section="news"]')).toBeVisible();
    await expectNoSeriousViolations(page, label('mio top page with content'));

    await gotoFresh(page, '/blog');
    await expectNoSeriousViolations(page, label('mio blog list'));
    await gotoFresh(page, `${SECOND_URL}/news`);
    await expectNoSeriousViolations(page, label('second news list'));

    await openItem(page, MIO_URL, 'blog', publishedItems('mio', 'blog')[0]!.title);
    await expect(lockedItem(page)).toBeVisible();
    await expectNoSeriousViolations(page, label('mio locked blog post'));
    await openItem(page, MIO_URL, 'ticket', publishedItems('mio', 'ticket')[0]!.title);
    await expect(lockedItem(page)).toBeVisible();
    await expectNoSeriousViolations(page, label('mio locked presale'));
  });

  test.describe(() => {
    test.use({ storageState: demoSession('mio', 'premium') });

    test('blog, photo, ticket and movie in full, as a premium member', async ({ page }, testInfo) => {
      test.slow();
      const label = (name: string) => `${testInfo.project.name} ${name}`;

      const open = (section: string, pick = publishedItems('mio', section)[0]!) =>
        openItem(page, MIO_URL, section, pick.title);

      await open('blog');
      await expect(fullItem(page)).toBeVisible();
      await expectNoSeriousViolations(page, label('mio blog post in full'));

      await open('photo');
      await expect(page.locator('[data-gallery-position]')).toBeVisible();
      await expectNoSeriousViolations(page, label('mio gallery'));

      const openTicket = publishedItems('mio', 'ticket').find(
        (item) =>
          item.ticket!.presaleCode && item.ticket!.applyFromDays < 0 && item.ticket!.applyUntilDays > 0,
      );
      await open('ticket', openTicket!);
      await expect(page.getByText('先行受付コード')).toBeVisible();
      await expectNoSeriousViolations(page, label('mio presale in full'));

      await open(
        'movie',
        publishedItems('mio', 'movie').find((item) => item.video)!,
      );
      await expect(page.locator('video[data-movie]')).toBeVisible();
      await expectNoSeriousViolations(page, label('mio movie in full'));

      await open(
        'movie',
        publishedItems('mio', 'movie').find((item) => item.youtubeId)!,
      );
      await expectNoSeriousViolations(page, label('mio YouTube movie before play'));
    });
  });
});
