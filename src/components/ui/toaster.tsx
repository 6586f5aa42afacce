'use client';

import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { onToasterWanted, wantToaster } from '@/components/ui/lazy-toast';
import { TOAST_DURATION_MS, TOAST_WIDTH } from '@/components/ui/toast-style';

const toasterStyle = { '--width': TOAST_WIDTH } as CSSProperties;

const Sonner = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** What may lead to a toast: a form's answer, a button's. Sonner shows a toast made before it mounted. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toaster of every page, kept out of the code a page needs to show and hydrate: it loads on the first
 * interaction (whatever may lead to a toast starts with one), or when code asks for it (lazy-toast.ts: the auth
 * provider for someone signed in, whose pages may report on load). A visitor who only reads never downloads it;
 * the connection notices, which cannot wait for a download, draw their own (connectivity-notices.tsx).
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const stop = onToasterWanted(() => setMounted(true));
    for (const type of INTERACTIONS)
      window.addEventListener(type, wantToaster, { capture: true, once: true });
    return () => {
      stop();
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
        toastOptions={{ style: { fontFamily: 'var(--site-font-now)', color: 'var(--site-text)' } }}
      />
    </Suspense>
  );
}
