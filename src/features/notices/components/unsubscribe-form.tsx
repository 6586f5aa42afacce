'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/post-json';

/** The unsubscribe page's one button: the page itself changes nothing (a link scanner may open it). */
export function UnsubscribeForm({ token, topicLabel }: { token: string; topicLabel: string }) {
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (done) {
    return (
      <p role="status" className="rounded-lg border border-line p-6">
        {topicLabel}のメール配信を停止しました。マイページの「お知らせ」では引き続きご覧いただけます。
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>{topicLabel}をメールで受け取らないように設定します。</p>
      <FormError message={error} />
      <Button
        disabled={busy}
        className="self-start"
        onClick={async () => {
          setBusy(true);
          const result = await postJson(paths.unsubscribeApi(token), {});
          setBusy(false);
          if (!result.ok) return setError(result.message);
          setDone(true);
        }}
      >
        {busy ? '処理しています…' : '配信を停止する'}
      </Button>
    </div>
  );
}
