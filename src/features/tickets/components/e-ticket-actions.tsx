'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import type { ETicketView } from '@/features/tickets/types';

/** 分配 for the applicant (hand a companion their ticket, or take the offer back) and 受け取る for the companion. */
export function ETicketActions({ ticket }: { ticket: ETicketView }) {
  const router = useRouter();
  const [to, setTo] = useState(ticket.companions[0]?.memberId ?? '');
  const [busy, setBusy] = useState(false);
  if (!ticket.movable) return null;

  async function send(action: 'offer' | 'accept', body: unknown, done: string) {
    setBusy(true);
    const result = await postJson(`/api/tickets/${ticket.id}/${action}`, body);
    setBusy(false);
    if (!result.ok) return toast.error(result.message);
    toast.success(done);
    router.refresh();
  }

  if (ticket.relation === 'incoming') {
    return (
      <Button disabled={busy} onClick={() => void send('accept', {}, 'チケットを受け取りました')}>
        チケットを受け取る
      </Button>
    );
  }
  if (ticket.relation === 'offered') {
    return (
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => void send('offer', { to: null }, '分配を取り消しました')}
      >
        分配を取り消す
      </Button>
    );
  }
  if (ticket.companions.length === 0) return null;
  if (ticket.resale) {
    return (
      <p className="text-sm">
        {ticket.resale === 'listed'
          ? 'リセールに出品中のため、同行者に分配できません。分配するには、出品を取り消してください。'
          : 'リセールで購入者が決まったため、同行者に分配できません。'}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm">
        <span className="font-bold">同行者に分配</span>
        <select
          className="mt-1 min-h-12 rounded border border-line bg-surface px-3"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        >
          {ticket.companions.map((companion) => (
            <option key={companion.memberId} value={companion.memberId}>
              {companion.name}（会員番号 {companion.number}）
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="secondary"
        disabled={busy || !to}
        onClick={() => void send('offer', { to }, '同行者にチケットを分配しました')}
      >
        分配する
      </Button>
    </div>
  );
}
