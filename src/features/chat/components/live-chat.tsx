'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { postJson } from '@/lib/post-json';
import { CHAT_MAX_LENGTH, SLOW_MODE_CHOICES } from '@/features/chat/rules';
import { chatAction, MessageActions } from './message-actions';
import { useChatStream, type Connection } from './use-chat-stream';

function connectionNotice(connection: Connection): string | null {
  if (connection === 'offline')
    return 'お使いの端末がオフラインです。接続が戻ると、チャットは自動で再開します。';
  if (connection === 'server') return 'チャットのサーバーとの接続が切れました。自動で再接続しています…';
  if (typeof connection === 'object') return connection.refused;
  return null;
}

/**
 * The live chat beside the stream (decision 0051): members write and read while the item is live, and read it beside
 * the archive afterwards; staff moderate from here (the console shows the same chat with its reports).
 */
export function LiveChat({ itemId }: { itemId: string }) {
  const { state, connection } = useChatStream(itemId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const staff = state.you?.staff ?? false;

  // Follow the newest message unless the viewer scrolled up to read.
  useEffect(() => {
    const element = list.current;
    if (element && element.scrollHeight - element.scrollTop - element.clientHeight < 80)
      element.scrollTop = element.scrollHeight;
  }, [state.messages]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim() || sending) return;
    setSending(true);
    const result = await postJson<{ seq: number }>(`/api/chat/${itemId}/messages`, { body: draft });
    setSending(false);
    if (result.ok) {
      setDraft('');
      setError(null);
    } else setError(result.fields.body ?? result.message);
  }

  const notice = connectionNotice(connection);
  const length = [...draft].length;
  return (
    <section
      aria-label="ライブチャット"
      data-testid="live-chat"
      data-connection={typeof connection === 'string' ? connection : 'refused'}
      className="flex h-[28rem] flex-col rounded-lg border border-line bg-surface"
    >
      <header className="flex items-center gap-2 border-b border-line px-4 py-2">
        <h2 className="font-bold">ライブチャット</h2>
        {state.slowSeconds > 0 && (
          <span className="text-xs text-ink/75" data-testid="chat-slow">
            スローモード（{state.slowSeconds}秒に1回）
          </span>
        )}
        {staff && (
          <label className="ml-auto text-xs">
            スローモード{' '}
            <select
              value={state.slowSeconds}
              onChange={(event) => void chatAction(itemId, 'slow', { seconds: Number(event.target.value) })}
              className="rounded border border-line bg-surface px-1 py-0.5"
            >
              {SLOW_MODE_CHOICES.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? 'オフ' : `${seconds}秒`}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {state.pinned && (
        <div
          className="flex gap-2 border-b border-line bg-surface-sub px-4 py-2 text-sm"
          data-testid="chat-pinned"
        >
          <span className="shrink-0 font-bold">📌 {state.pinned.name}</span>
          <span className="break-all">{state.pinned.body}</span>
          {staff && (
            <button
              type="button"
              className="ml-auto shrink-0 text-xs underline"
              onClick={() => void chatAction(itemId, 'unpin', {})}
            >
              固定を外す
            </button>
          )}
        </div>
      )}
      {notice && (
        <p role="status" className="border-b border-line bg-surface-sub px-4 py-2 text-sm">
          {notice}
        </p>
      )}
      <ol ref={list} className="flex-1 space-y-1 overflow-y-auto px-4 py-2 text-sm" aria-live="polite">
        {state.messages.length === 0 && connection === 'open' && (
          <li className="text-ink/70">まだメッセージはありません。</li>
        )}
        {state.messages.map((message) => (
          <li key={message.seq} data-testid="chat-message" data-seq={message.seq} className="flex gap-2">
            <span className="shrink-0 font-bold">{message.name}</span>
            <span className="break-all">{message.body}</span>
            <MessageActions itemId={itemId} message={message} staff={staff} />
          </li>
        ))}
      </ol>
      {state.live ? (
        <form onSubmit={send} className="border-t border-line p-2">
          <div className="flex gap-2">
            <input
              aria-label="メッセージ"
              data-testid="chat-input"
              value={draft}
              maxLength={CHAT_MAX_LENGTH}
              disabled={!state.you?.canWrite}
              placeholder={state.you?.muted ? 'この配信では書き込みできません' : 'メッセージを入力'}
              onChange={(event) => setDraft(event.target.value)}
              className="min-w-0 flex-1 rounded-full border border-line bg-surface px-4 py-2"
            />
            <button
              type="submit"
              disabled={sending || !draft.trim() || !state.you?.canWrite}
              className="rounded-full bg-primary px-4 font-bold disabled:opacity-60"
            >
              送信
            </button>
          </div>
          <p className="mt-1 flex text-xs text-ink/75">
            <span role={error ? 'alert' : undefined} className="text-error">
              {error}
            </span>
            <span className="ml-auto">
              {length}/{CHAT_MAX_LENGTH}
            </span>
          </p>
        </form>
      ) : (
        <p className="border-t border-line px-4 py-2 text-sm text-ink/75">
          配信は終了しました。チャットは閲覧のみです。
        </p>
      )}
    </section>
  );
}
