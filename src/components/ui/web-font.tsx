'use client';

import { useEffect } from 'react';
import { BUNDLED_FONT_FAMILY, usesBundledFont } from '@/lib/web-font';

/** Calls back once the page has painted its first content (at once if it already has). */
function afterFirstPaint(callback: () => void): () => void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    const frame = requestAnimationFrame(() => setTimeout(callback, 0));
    return () => cancelAnimationFrame(frame);
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/** Calls back when the page has loaded and the browser has a moment (at the latest 2 s after the load). */
function whenLoadedAndIdle(callback: () => void): () => void {
  let idle: number | null = null;
  const schedule = () => {
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(callback, { timeout: 2_000 })
        : window.setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Downloads the subsets the page's text needs, then lets the page use the family: one relayout, with every subset
 * of the text in, drawn in the same lines since the stand-in has the family's metrics.
 */
async function switchToWebFont(): Promise<void> {
  try {
    await import('@/components/ui/web-font-styles');
    await document.fonts.load(`1em "${BUNDLED_FONT_FAMILY}"`, document.body.innerText);
  } catch {
    // Offline, say: the family is used anyway; the browser falls back glyph by glyph to what it has.
  }
  // Text the page shows later (another page, more of a list) loads its own subsets and swaps them in.
  document.documentElement.dataset.webFont = 'ready';
}

/**
 * Brings in Noto Sans JP without holding back the first paint nor moving the text (decision 0004). A page shows its
 * text first in the family's stand-in (the device's own Japanese font with the family's line metrics, app/
 * globals.css). Once it has painted, loaded and is idle, the subsets its text needs are downloaded, and the page
 * switches to them at once, on the first page a visitor opens as on the others.
 * - Declared in the head, the subsets (~25 for a top page, several hundred kB) were downloaded before the first
 *   paint could count as done and competed with the page's images on a phone's connection.
 * - Switched from the fallbacks as they are, the text moved: their line metrics put the glyphs a few pixels higher or
 *   lower, and wider Latin letters wrapped the top page's title on another line (CLS 0.09 at 390 px, emulated).
 */
export function WebFont() {
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.webFont || !usesBundledFont(getComputedStyle(root).getPropertyValue('--site-font')))
      return;
    root.dataset.webFont = 'loading';
    let cancel = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancel = whenLoadedAndIdle(() => void switchToWebFont());
    });
    return () => {
      if (root.dataset.webFont === 'loading') delete root.dataset.webFont;
      cancelPaint();
      cancel();
    };
  }, []);

  return null;
}
