'use client';

import { useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { ErrorPanel } from '@/components/ui/error-panel';
import { paths } from '@/lib/paths';

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorPanel status={500} title="エラーが発生しました">
      <p>ページを表示できませんでした。時間をおいて再度お試しください。</p>
      {error.digest && <p className="text-xs">エラー番号: {error.digest}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={reset}
          className="rounded-full bg-primary px-6 py-3 font-bold text-ink"
        >
          もう一度読み込む
        </button>
        <Link href={paths.home()} className="rounded-full border border-line px-6 py-3 font-bold">
          トップページへ戻る
        </Link>
      </div>
    </ErrorPanel>
  );
}
