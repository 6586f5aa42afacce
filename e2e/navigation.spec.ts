import { expect, test } from './support/test';
import {
  newTabName,
  computed,
  desktopNav,
  hamburger,
  isPhone,
  menuDialog,
  menuLinks,
  openMenu,
  visibleLabels,
} from './support/sites';

const MIO_MENU = ['NEWS', 'MOVIE', 'PHOTO', 'BLOG', 'TICKET', 'STORE'];

test.describe('navigation on mio', { tag: '@both-widths' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('lists the six sections in order, STORE opening the shop in a new tab', async ({ page }, testInfo) => {
    const links = await menuLinks(page, testInfo);
    expect(await visibleLabels(links)).toEqual(MIO_MENU);

    for (const [index, id] of ['news', 'movie', 'photo', 'blog', 'ticket'].entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', `/${id}`);
      expect(await links.nth(index).getAttribute('target')).toBeNull();
    }
    const store = links.nth(5);
    await expect(store).toHaveAttribute('href', 'https://store.sakura-mio.jp/');
    await expect(store).toHaveAttribute('target', '_blank');
    await expect(store).toHaveAttribute('rel', /noopener/);
    await expect(store).toHaveAccessibleName(newTabName('STORE'));
  });

  test('menu text style comes from the theme', async ({ page }, testInfo) => {
    const links = await menuLinks(page, testInfo);
    const expected = isPhone(testInfo) ? '15px' : '13px';
    for (let i = 0; i < MIO_MENU.length; i++) {
      expect(await computed(links.nth(i), 'font-size', 'font-weight')).toEqual({
        'font-size': expected,
        'font-weight': '700',
      });
    }
  });

  test('marks the current section and navigates to it', async ({ page }, testInfo) => {
    const links = await menuLinks(page, testInfo);
    await links.nth(0).click();
    await expect(page).toHaveURL('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'NEWS' })).toBeVisible();
    const current = isPhone(testInfo)
      ? (await openMenu(page)).getByRole('link')
      : desktopNav(page).getByRole('link');
    await expect(current.nth(0)).toHaveAttribute('aria-current', 'page');
    expect(await current.nth(1).getAttribute('aria-current')).toBeNull();
  });
});

test.describe('hamburger menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('is hidden on desktop, where the header shows the menu', async ({ page }) => {
    await expect(hamburger(page)).toBeHidden();
    await expect(desktopNav(page)).toBeVisible();
    await expect(menuDialog(page)).toHaveCount(0);
  });

  test('replaces the desktop menu on phones', { tag: '@phone' }, async ({ page }) => {
    await expect(hamburger(page)).toBeVisible();
    await expect(hamburger(page)).toHaveAccessibleName('メニューを開く');
    await expect(desktopNav(page)).toBeHidden();
    await expect(menuDialog(page)).toHaveCount(0);
  });

  test('traps focus inside the dialog and gives it back on Escape', { tag: '@phone' }, async ({ page }) => {
    const trigger = hamburger(page);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = menuDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('role', 'dialog');

    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await expect.poll(focusInDialog).toBe(true);

    // Close button + six links: twelve Tabs go round the dialog more than once, and back again with Shift+Tab.
    const visited = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `focus after Tab #${i + 1}`).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(), `focus after Shift+Tab #${i + 1}`).toBe(true);
    }
    // Every entry of the dialog was reachable, so the loop really went round it.
    expect(visited.size).toBeGreaterThanOrEqual(7);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('a section link navigates and closes the dialog', { tag: '@phone' }, async ({ page }) => {
    const dialog = await openMenu(page);
    await dialog.getByRole('link', { name: 'PHOTO' }).click();
    await expect(page).toHaveURL('/photo');
    await expect(page.getByRole('heading', { level: 1, name: 'PHOTO' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('the close button closes the dialog', { tag: '@phone' }, async ({ page }) => {
    const dialog = await openMenu(page);
    await dialog.getByRole('button', { name: 'メニューを閉じる' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });
});
