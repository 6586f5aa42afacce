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

/** Downloads the subsets the page's text needs, then lets the page use the family: one relayout, not one per subset. */
async function loadWebFont(): Promise<void> {
  const root = document.documentElement;
  try {
    await import('@/components/ui/web-font-styles');
    await document.fonts.load(`1em "${BUNDLED_FONT_FAMILY}"`, document.body.innerText);
  } catch {
    // Offline, say: the family is used anyway; the browser falls back glyph by glyph to what it has.
  }
  // Text the page shows later (another page, more of a list) loads its own subsets and swaps them in.
  root.dataset.webFont = 'ready';
}

/**
 * Brings in Noto Sans JP once the page has shown its text in the device's own Japanese font (the site's fallbacks:
 * Hiragino, Meiryo…), has loaded and is idle. Declared in the head, its subsets (~25 for a top page, several hundred
 * kB) were downloaded before the first paint could count as done, competed with the page's images on a phone's
 * connection, and each one that arrived laid the page out again. Later pages take them from the browser's cache.
 * Decision 0004.
 */
export function WebFont() {
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.webFont || !usesBundledFont(getComputedStyle(root).getPropertyValue('--site-font')))
      return;
    let cancelIdle = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = whenLoadedAndIdle(() => void loadWebFont());
    });
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, []);
  return null;
}
