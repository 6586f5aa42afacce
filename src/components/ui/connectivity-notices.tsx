'use client';

import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_WIDTH } from '@/components/ui/toast-style';

export const OFFLINE_TEXT = 'インターネットに接続されていません。接続を確認してください。';
export const ONLINE_TEXT = 'インターネットに再接続しました。';

interface Notice {
  type: 'error' | 'success';
  text: string;
  /** A new notice restarts the 5 seconds even when its text is the same as the last one's. */
  shownAt: number;
}

function NoticeIcon({ type }: { type: Notice['type'] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
      {type === 'error' ? (
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        />
      ) : (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.8a.75.75 0 0 0-1.22-.87l-3.24 4.53-1.62-1.62a.75.75 0 0 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.1l3.75-5.25Z"
        />
      )}
    </svg>
  );
}

/**
 * Tells a fan when the connection drops and when it is back, so that a failed page load is not a mystery. The one
 * notice drawn here rather than by the toaster (sonner): when the connection drops there is no network to download
 * the toaster with, and keeping it on every page in case costs each visitor ~9 kB of script. It looks and behaves
 * as a toast does (spec 9: at the bottom, 300-560 px wide, 5 seconds); the reconnection replaces the error.
 */
export function ConnectivityNotices() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const offline = () => setNotice({ type: 'error', text: OFFLINE_TEXT, shownAt: Date.now() });
    const online = () => setNotice({ type: 'success', text: ONLINE_TEXT, shownAt: Date.now() });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  // The live region is on the page from the start, so that a screen reader announces what appears in it. Not a
  // `status` role: a page's own status panel (a form's answer) stays the one status of the page.
  return (
    <div
      aria-label="接続状況"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[1000] flex justify-center sm:bottom-6"
    >
      <div aria-live="polite" aria-atomic="true" data-testid="connectivity-live">
        {notice && (
          <p
            key={notice.shownAt}
            data-connectivity-notice=""
            data-type={notice.type}
            style={{ width: TOAST_WIDTH }}
            className="pointer-events-auto flex items-center gap-1.5 rounded-lg border border-line bg-surface p-4 text-[13px] text-ink shadow-[0_4px_12px_rgb(0_0_0_/_0.1)]"
          >
            <NoticeIcon type={notice.type} />
            {notice.text}
          </p>
        )}
      </div>
    </div>
  );
}
