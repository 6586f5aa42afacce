/** The web font this app ships (@fontsource-variable/noto-sans-jp, docs/decisions/0004-japanese-web-font.md). */
export const BUNDLED_FONT_FAMILY = 'Noto Sans JP Variable';

/**
 * The device's own Japanese font with Noto Sans JP's line metrics (the @font-face rules in app/globals.css): the text
 * is laid out in it until the web font is in, so that the switch moves no line.
 */
export const FALLBACK_FONT_FAMILY = 'Noto Sans JP Variable Fallback';

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
 * The site's font list with the bundled web font's metric-matched stand-in in its place: what the page is drawn in
 * until the web font's subsets for its text have arrived (components/ui/web-font.tsx), so that they swap in at once
 * rather than one by one, and without moving the lines.
 */
export function fallbackFontList(list: string): string {
  const families = entries(list).map((family) => (isBundled(family) ? `'${FALLBACK_FONT_FAMILY}'` : family));
  return families.join(', ') || 'sans-serif';
}
