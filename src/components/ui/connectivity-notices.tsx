'use client';

import { useEffect } from 'react';
import { showToast } from '@/components/ui/lazy-toast';

/** Tells a fan when the connection drops and when it is back, so a failed page load is not a mystery. */
export function ConnectivityNotices() {
  useEffect(() => {
    const offline = () =>
      showToast((toast) =>
        toast.error('インターネットに接続されていません。接続を確認してください。', { id: 'connectivity' }),
      );
    const online = () =>
      showToast((toast) => toast.success('インターネットに再接続しました。', { id: 'connectivity' }));
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}
