'use client';

import { useEffect, useRef } from 'react';
import Script from 'next/script';
import { usePathname } from 'next/navigation';
import { sendPageView } from '@/features/analytics/gtag';

/** GA4 page views: one on first load and one after each completed route change, never twice for one path. */
export function GoogleAnalytics({ measurementId }: { measurementId: string }) {
  const pathname = usePathname();
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    if (lastSent.current === pathname) return;
    lastSent.current = pathname;
    sendPageView(measurementId, pathname);
  }, [measurementId, pathname]);

  // Loaded once the page has loaded and the browser is idle. afterInteractive would also preload it from the
  // head at high priority, beside the stylesheet, for a library no reader waits for; the page views sent before it
  // arrives wait in gtag's queue (decision 0014).
  return (
    <Script
      src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`}
      strategy="lazyOnload"
    />
  );
}
