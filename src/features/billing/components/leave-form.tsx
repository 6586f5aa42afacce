'use client';

import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button, buttonClass } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/post-json';

/** Leaving: an optional reason, an explicit confirmation, then the membership ends with the paid period. */
export function LeaveForm({ accessUntil }: { accessUntil: string }) {
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div
        role="status"
        className="rounded-lg border border-line bg-surface-sub p-6 text-sm leading-relaxed"
        data-testid="leave-done"
      >
        <p className="font-bold">退会手続きが完了しました</p>
        <p className="mt-3">
          {accessUntil}まで会員限定コンテンツをご覧いただけます。それまではマイページから退会を取り消せます。
        </p>
        <Link href={paths.myPage()} className={buttonClass('secondary', 'mt-4')}>
          マイページへ戻る
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!confirmed) {
          setError('内容を確認のうえ、チェックを入れてください。');
          return;
        }
        setBusy(true);
        setError(null);
        const result = await postJson('/api/billing/leave', { reason });
        setBusy(false);
        if (!result.ok) {
          setError(result.fields.reason ?? result.message);
          return;
        }
        // No refresh here: the page would then render its "already left" state in place of this confirmation.
        // My page, linked below, is rendered afresh when it is opened.
        setDone(true);
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="leave-reason" className="text-sm font-bold">
          退会の理由（任意）
        </label>
        <textarea
          id="leave-reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="rounded-md border border-line bg-surface p-3 text-base"
        />
        <p className="text-xs">今後のサービス改善の参考にさせていただきます（500文字以内）。</p>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-5"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <span>上記の内容を確認し、退会します。</span>
      </label>
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-between">
        <Link href={paths.myPage()} className={buttonClass('secondary')}>
          退会しない
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? '処理しています…' : '退会する'}
        </Button>
      </div>
    </form>
  );
}
