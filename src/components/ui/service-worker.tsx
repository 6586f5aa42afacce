'use client';

import { useEffect } from 'react';

/**
 * Registers the site's service worker (/sw.js, decision 0054) once the page has loaded, so that it never competes
 * with the page's own first requests. It serves My page's offline copy on a ticket's day; it keeps nothing by itself.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  return null;
}
