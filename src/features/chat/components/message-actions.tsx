'use client';

import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import type { ChatMessageView } from '@/features/chat/types';

type Action = 'delete' | 'pin' | 'mute' | 'ban' | 'report';

const DONE: Record<Action, string> = {
  delete: 'メッセージを削除しました。',
  pin: 'メッセージを固定しました。',
  mute: 'この配信で、この会員の書き込みを止めました。',
  ban: 'この配信から、この会員を退出させました。',
  report: '通報しました。運営が確認します。',
};

const LABELS: Record<Action, string> = {
  delete: '削除',
  pin: '固定',
  mute: 'ミュート',
  ban: '退出',
  report: '通報',
};

const CONFIRM: Partial<Record<Action, string>> = {
  ban: 'この会員をこの配信のチャットから退出させますか？（閲覧もできなくなります）',
  report: 'このメッセージを運営に通報しますか？',
};

export async function chatAction(itemId: string, action: Action | 'unpin' | 'slow' | 'lift', body: object) {
  const url = action === 'report' ? `/api/chat/${itemId}/reports` : `/api/chat/${itemId}/moderation`;
  const payload = action === 'report' ? body : { action, ...body };
  const result = await postJson<unknown>(url, payload);
  if (!result.ok) toast.error(result.message);
  else if (action in DONE) toast.success(DONE[action as Action]);
  return result.ok;
}

/** A message's actions: staff moderate it, a member reports it. */
export function MessageActions({
  itemId,
  message,
  staff,
}: {
  itemId: string;
  message: ChatMessageView;
  staff: boolean;
}) {
  const actions: Action[] = staff ? ['delete', 'pin', 'mute', 'ban'] : ['report'];
  return (
    <span className="ml-auto flex shrink-0 gap-2 text-xs">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="text-ink/70 underline underline-offset-2 hover:text-ink"
          aria-label={`${message.name}さんのメッセージを${LABELS[action]}`}
          onClick={() => {
            const question = CONFIRM[action];
            if (question && !window.confirm(question)) return;
            void chatAction(itemId, action, { seq: message.seq });
          }}
        >
          {LABELS[action]}
        </button>
      ))}
    </span>
  );
}
