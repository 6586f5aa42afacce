/** The web font this app ships (@fontsource-variable/noto-sans-jp, docs/decisions/0004-japanese-web-font.md). */
export const BUNDLED_FONT_FAMILY = 'Noto Sans JP Variable';

/** A CSS font list's entries as written. The site schema admits no CSS syntax characters in the list. */
const entries = (list: string) =>
  list
    .split(',')
    .map((family) => family.trim())
    .filter(Boolean);

const isBundled = (family: string) => family.replace(/^(['"])(.*)\1$/, '$2') === BUNDLED_FONT_FAMILY;

/** Whether a site's font list asks for the bundled web font (else there is nothing to download). */
export function usesBundledFont(list: string): boolean {
  return entries(list).some(isBundled);
}

/**
 * The site's font list without the bundled web font: what the page is drawn in until the web font's subsets for
 * its text have arrived (components/ui/web-font.tsx), so that they swap in at once rather than one by one.
 */
export function fallbackFontList(list: string): string {
  return (
    entries(list)
      .filter((family) => !isBundled(family))
      .join(', ') || 'sans-serif'
  );
}
