import type { DemoItem } from './content-seed-schema';
import type { PresaleAccess } from '@/server/db/schema';

/**
 * Leak-test markers: a unique string in each member-only field of the seed (body, caption, file name, presale code
 * and link). The leak test (e2e/content-leak.spec.ts) reads the list and must find none of them as anyone who may
 * not see the item, and every one of them as a premium member of the site.
 */
export interface Canaries {
  all: string[];
  body(html: string): string;
  caption(caption: string, position: number): string;
  fileName(name: string): string;
  presale(code: string | undefined, url: string | undefined): PresaleAccess;
}

export function canariesFor(siteSlug: string, item: DemoItem, enabled: boolean): Canaries {
  const all: string[] = [];
  const mark = (field: string) => {
    const value = `LEAKCANARY-${siteSlug}-${item.key}-${field}`;
    all.push(value);
    return value;
  };
  if (!enabled) {
    return {
      all,
      body: (html) => html,
      caption: (caption) => caption,
      fileName: (name) => name,
      presale: (code, url) => ({ code, applyUrl: url }),
    };
  }
  let files = 0;
  return {
    all,
    body: (html) => `${html}<p>${mark('body')}</p>`,
    caption: (caption, position) => `${caption} ${mark(`caption${position}`)}`,
    fileName: (name) => `${mark(`file${(files += 1)}`)}-${name}`,
    presale: (code, url) => ({
      code: code ? `${code}-${mark('code')}` : undefined,
      applyUrl: url ? `${url}?c=${mark('url')}` : undefined,
    }),
  };
}
