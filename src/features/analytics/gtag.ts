type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const configured = new Set<string>();

/**
 * The gtag command queue, set up once per measurement id with automatic page views off: the product sends each
 * page_view itself, so that a client-side route change counts exactly once.
 */
export function ensureGtag(measurementId: string, win: Window = window): Gtag {
  const dataLayer = (win.dataLayer ??= []);
  win.gtag ??= function gtag() {
    // gtag.js reads the arguments object itself, not an array copy of it.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  if (!configured.has(measurementId)) {
    configured.add(measurementId);
    win.gtag('js', new Date());
    win.gtag('config', measurementId, { send_page_view: false });
  }
  return win.gtag;
}

export function sendPageView(measurementId: string, pathname: string, win: Window = window): void {
  ensureGtag(measurementId, win)('event', 'page_view', {
    page_path: pathname,
    page_location: win.location.href,
    page_title: win.document.title,
    send_to: measurementId,
  });
}
