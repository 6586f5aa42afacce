// The site's Japanese web font (docs/decisions/0004-japanese-web-font.md): ~120 unicode-range subsets, of which the
// browser downloads those a page's text uses. Imported only by web-font.tsx, after the first paint.
import '@fontsource-variable/noto-sans-jp';
