'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/** 「対応済みにする」: what staff did about one chargeback, written down once (docs/decisions/0047). */
export function HandleDisputeForm({ id }: { id: string }) {
  const router = useRouter();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer underline underline-offset-4">対応済みにする</summary>
      <form
        className="mt-2 grid gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const result = await postJson(`/api/staff/sales/disputes/${id}/handled`, { note });
          setBusy(false);
          if (!result.ok) return void toast.error(result.message);
          toast.success('対応済みにしました');
          router.refresh();
        }}
      >
        <label htmlFor={noteId} className="font-bold">
          対応の内容（500文字以内）
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          rows={2}
          required
          className="rounded-md border border-line bg-surface p-2"
          placeholder="例：会員に連絡し、チケットを取り消した"
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? '処理しています…' : '対応済みにする'}
        </Button>
      </form>
    </details>
  );
}
