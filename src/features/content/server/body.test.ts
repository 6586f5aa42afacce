import { describe, expect, it } from 'vitest';
import { resolveBody } from '@/features/content/server/body';
import { sanitizeBody } from '@/features/content/server/sanitize';

const ID = '0b6f1d2e-8a4c-4f3e-9d1a-2c3b4d5e6f70';
const OTHER = '1b6f1d2e-8a4c-4f3e-9d1a-2c3b4d5e6f70';
const image = {
  src: '/media/s/t1',
  srcSet: '/media/s/t1 320w, /media/s/t2 640w',
  width: 1600,
  height: 1000,
  alt: '',
};

describe('resolveBody', () => {
  it("draws the item's images with their size (no layout shift) and lazily", () => {
    const html = sanitizeBody(`<p>a</p><img src="media:${ID}" alt="ライブ" />`);
    const out = resolveBody(html, new Map([[ID, image]]));
    expect(out).toContain('src="/media/s/t1"');
    expect(out).toContain('width="1600" height="1000"');
    expect(out).toContain('alt="ライブ" loading="lazy"');
  });

  it("drops a reference to a file that is not the item's", () => {
    const html = sanitizeBody(`<p>a</p><img src="media:${OTHER}" />`);
    expect(resolveBody(html, new Map([[ID, image]]))).toBe('<p>a</p>');
  });
});
