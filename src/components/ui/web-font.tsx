'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
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

/** Downloads the subsets the page's text needs, without letting the page use them yet. */
async function loadWebFont(): Promise<void> {
  try {
    await import('@/components/ui/web-font-styles');
    await document.fonts.load(`1em "${BUNDLED_FONT_FAMILY}"`, document.body.innerText);
  } catch {
    // Offline, say: the family is used anyway; the browser falls back glyph by glyph to what it has.
  }
  // Text the page shows later (another page, more of a list) loads its own subsets and swaps them in.
  document.documentElement.dataset.webFont = 'loaded';
}

/** Lets the page use the family: one relayout. */
function switchToWebFont(): void {
  document.documentElement.dataset.webFont = 'ready';
}

/** Switches while nobody looks at the page: another tab, another app, the phone locked. */
function switchWhenHidden(): () => void {
  const stop = () => document.removeEventListener('visibilitychange', onChange);
  const onChange = () => {
    if (document.visibilityState !== 'hidden') return;
    switchToWebFont();
    stop();
  };
  document.addEventListener('visibilitychange', onChange);
  return stop;
}

/**
 * Brings in Noto Sans JP without moving the text under a reader (decision 0004). A page shows its text in the
 * device's own Japanese font (the site's fallbacks: Hiragino, Meiryo…). Once it has painted, loaded and is idle,
 * the subsets its text needs are downloaded, and the switch waits for a moment when the page changes anyway (the
 * next page the fan opens, drawn in the family from its first frame) or nobody looks at it.
 * - Declared in the head, the subsets (~25 for a top page, several hundred kB) were downloaded before the first
 *   paint could count as done and competed with the page's images on a phone's connection.
 * - Switched as soon as they were there, the relayout of a page of Japanese text took 35-65 ms of a desktop's main
 *   thread (about four times that on a mid-range phone) just as the fan started to read, and the lines moved.
 */
export function WebFont() {
  const pathname = usePathname();
  const shownPath = useRef(pathname);

  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.webFont || !usesBundledFont(getComputedStyle(root).getPropertyValue('--site-font')))
      return;
    let active = true;
    let cancel = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancel = whenLoadedAndIdle(() => {
        void loadWebFont().then(() => {
          if (active) cancel = switchWhenHidden();
        });
      });
    });
    return () => {
      active = false;
      cancelPaint();
      cancel();
    };
  }, []);

  // Before the new page's first frame, so that it is never drawn in the other font.
  useLayoutEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (document.documentElement.dataset.webFont === 'loaded') switchToWebFont();
  }, [pathname]);

  return null;
}
