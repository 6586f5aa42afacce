import { expect, test } from './support/test';
import { computed, siteFooter } from './support/sites';

// mio's theme (spec 9): the computed styles must be the configured values, not Tailwind or browser defaults.
// One browser going through three pages, a step for each check.
test(
  'theme of mio: top page, a section page and a members-only one',
  { tag: '@both-widths' },
  async ({ page }) => {
    await page.goto('/');
    await test.step('top page: colours, section titles and their order', async () => {
      expect(await page.locator('html').getAttribute('lang')).toBe('ja');

      expect(await computed(page.locator('body'), 'color')).toEqual({ color: 'rgb(58, 58, 58)' });
      expect(await computed(siteFooter(page), 'background-color')).toEqual({
        'background-color': 'rgb(255, 151, 201)',
      });

      const sections = page.locator('main [data-top-section]');
      await expect(sections).toHaveCount(4);
      const titles = sections.locator('h2');
      await expect(titles).toHaveText(['NEWS', 'MOVIE', 'PHOTO', 'BLOG']);
      for (let i = 0; i < 4; i++) {
        expect(await computed(titles.nth(i), 'font-size', 'font-weight')).toEqual({
          'font-size': '26px',
          'font-weight': '700',
        });
      }

      // NEWS is open to guests; the three others carry the members-only badge.
      await expect(sections.nth(0).getByText('会員限定')).toHaveCount(0);
      for (let i = 1; i < 4; i++) {
        // The section's own badge, beside its title (its locked items carry one each too).
        const badge = sections.nth(i).getByText('会員限定', { exact: true }).first();
        await expect(badge).toBeVisible();
        expect(await computed(badge, 'background-color')).toEqual({
          'background-color': 'rgb(255, 151, 201)',
        });
      }
    });

    await test.step('the hamburger button and the theme-color meta use the theme colours', async () => {
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#ff97c9$/i);
      expect(await computed(page.getByTestId('hamburger'), 'background-color')).toEqual({
        'background-color': 'rgb(255, 151, 201)',
      });
    });

    await test.step('page heading of a section page is 40px bold', async () => {
      await page.goto('/news');
      const heading = page.getByRole('heading', { level: 1, name: 'NEWS' });
      await expect(heading).toBeVisible();
      expect(await computed(heading, 'font-size', 'font-weight')).toEqual({
        'font-size': '40px',
        'font-weight': '700',
      });
      expect(await computed(page.locator('body'), 'color')).toEqual({ color: 'rgb(58, 58, 58)' });
    });

    await test.step('badge on a members-only section page, and the live badge in the live colour', async () => {
      await page.goto('/movie');
      const badge = page.locator('main h1 + span').getByText('会員限定', { exact: true });
      await expect(badge).toBeVisible();
      expect(await computed(badge, 'background-color')).toEqual({ 'background-color': 'rgb(255, 151, 201)' });
      // The demo's stream on now: the spec's live badge colour, with text that reads on it (black, 6:1).
      const live = page.locator('main').getByText('LIVE', { exact: true }).first();
      expect(await computed(live, 'background-color', 'color')).toEqual({
        'background-color': 'rgb(249, 53, 123)',
        color: 'rgb(0, 0, 0)',
      });
    });
  },
);
