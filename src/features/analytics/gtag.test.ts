import { describe, expect, it } from 'vitest';
import { ensureGtag, sendPageView } from '@/features/analytics/gtag';

function fakeWindow(pathname: string): Window {
  return {
    location: { href: `https://fc.example.jp${pathname}` },
    document: { title: 'TOP' },
  } as unknown as Window;
}
const calls = (win: Window) => (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('gtag', () => {
  it('configures a measurement id once, with automatic page views off', () => {
    const win = fakeWindow('/');
    ensureGtag('G-TESTONE1', win);
    ensureGtag('G-TESTONE1', win);
    const configs = calls(win).filter(([command]) => command === 'config');
    expect(configs).toEqual([['config', 'G-TESTONE1', { send_page_view: false }]]);
  });

  it('pushes the arguments object gtag.js expects, one page_view per call with the pathname', () => {
    const win = fakeWindow('/news');
    sendPageView('G-TESTTWO2', '/news', win);
    const entries = win.dataLayer ?? [];
    expect(Object.prototype.toString.call(entries.at(-1))).toBe('[object Arguments]');
    const views = calls(win).filter(([command, name]) => command === 'event' && name === 'page_view');
    expect(views).toEqual([
      [
        'event',
        'page_view',
        {
          page_path: '/news',
          page_location: 'https://fc.example.jp/news',
          page_title: 'TOP',
          send_to: 'G-TESTTWO2',
        },
      ],
    ]);
  });
});
