/**
 * Redirect targets (`?next=`, a return path, a step the server names) are judged as a browser reads them, not as
 * text: the WHATWG URL parser drops leading and trailing C0 controls and spaces, removes every tab, CR and LF, and
 * reads a backslash as a slash, so `/<TAB>/evil.example` or `/\evil.example` would leave the site while passing a
 * "starts with one slash" check. Pure: used on the server and in the browser.
 */

/** A placeholder origin of our own: `.invalid` is reserved, so it can never be a real site. */
const SAME_ORIGIN = 'https://same.invalid';

// Built with `new RegExp` so that the control characters stay readable (and ESLint's no-control-regex quiet).
const EDGE_CONTROLS = new RegExp('^[\\u0000-\\u0020]+|[\\u0000-\\u0020]+$', 'g');
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/**
 * The normalised path (pathname + search + hash) of `target` when a browser would keep it on this origin, else
 * `fallback`. Only targets written as a path (`/…`) are followed: a scheme or a host, even our own, is refused.
 */
export function sameOriginPath(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string') return fallback;
  const cleaned = target.replace(EDGE_CONTROLS, '').replace(TAB_OR_NEWLINE, '').replace(/\\/g, '/');
  // A path starts with exactly one slash; `//host` and `///host` are a host to a browser.
  if (!cleaned.startsWith('/') || cleaned.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What the parser gives back must itself still be a path of ours when read again (belt and braces).
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : fallback;
}
