'use client';

import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { onToasterWanted, wantToaster } from '@/components/ui/lazy-toast';

/** Spec 9: toasts stay 5 seconds, sit at the bottom and are 300-560 px wide. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_MIN_WIDTH_PX = 300;
export const TOAST_MAX_WIDTH_PX = 560;

const toasterStyle = {
  '--width': `clamp(${TOAST_MIN_WIDTH_PX}px, calc(100vw - 32px), ${TOAST_MAX_WIDTH_PX}px)`,
} as CSSProperties;

/** Runs `callback` once the page has loaded and the browser is idle; answers how to cancel it. */
function whenIdle(callback: () => void): () => void {
  let handle: number | null = null;
  const schedule = () => {
    handle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(callback, { timeout: 2_000 })
        : window.setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (handle === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

const Sonner = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** What may lead to a toast: a form's answer, a button's. Sonner shows a toast made before it mounted. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toaster of every page, kept out of the code a page needs to show and hydrate: it loads once the browser is
 * idle after the page loaded (it must be there before the connection drops, to say so), or sooner on the first
 * interaction, or when code asks for it (lazy-toast.ts: a toast of the layout's own code; the auth provider for
 * someone signed in, whose pages may report on load).
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const stop = onToasterWanted(() => setMounted(true));
    for (const type of INTERACTIONS)
      window.addEventListener(type, wantToaster, { capture: true, once: true });
    const idle = whenIdle(wantToaster);
    return () => {
      stop();
      idle();
      for (const type of INTERACTIONS) window.removeEventListener(type, wantToaster, { capture: true });
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense>
      <Sonner
        position="bottom-center"
        duration={TOAST_DURATION_MS}
        containerAriaLabel="通知"
        style={toasterStyle}
        toastOptions={{ style: { fontFamily: 'var(--site-font)', color: 'var(--site-text)' } }}
      />
    </Suspense>
  );
}
