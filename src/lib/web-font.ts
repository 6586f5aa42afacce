/** The web font this app ships (@fontsource-variable/noto-sans-jp, docs/decisions/0004-japanese-web-font.md). */
export const BUNDLED_FONT_FAMILY = 'Noto Sans JP Variable';

/** A CSS font list's family names, unquoted. The site schema admits no CSS syntax characters in the list. */
function families(list: string): string[] {
  return list
    .split(',')
    .map((family) => family.trim().replace(/^(['"])(.*)\1$/, '$2'))
    .filter(Boolean);
}

/** Whether a site's font list asks for the bundled web font (else there is nothing to download). */
export function usesBundledFont(list: string): boolean {
  return families(list).includes(BUNDLED_FONT_FAMILY);
}

/**
 * The site's font list without the bundled web font: what the page is drawn in until the web font's subsets for
 * its text have arrived (components/ui/web-font.tsx), so that they swap in at once rather than one by one.
 */
export function fallbackFontList(list: string): string {
  const kept = list
    .split(',')
    .map((family) => family.trim())
    .filter((family, index) => family && families(list)[index] !== BUNDLED_FONT_FAMILY);
  return kept.length > 0 ? kept.join(', ') : 'sans-serif';
}
