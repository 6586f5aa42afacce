'use client';

import './globals.css';
import { ErrorPanel } from '@/components/ui/error-panel';

/** Shown when even the layout failed, so it cannot rely on the site's theme. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="ja">
      <body>
        <ErrorPanel status={500} title="エラーが発生しました">
          <p>ページを表示できませんでした。時間をおいて再度お試しください。</p>
          <button type="button" onClick={reset} className="rounded-full border px-6 py-3 font-bold">
            もう一度読み込む
          </button>
        </ErrorPanel>
      </body>
    </html>
  );
}
