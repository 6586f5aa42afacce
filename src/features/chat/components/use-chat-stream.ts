'use client';

import { useEffect, useReducer, useState } from 'react';
import type { ChatEvent } from '@/features/chat/types';
import { EMPTY_CHAT, foldChat } from './chat-state';

/** Whose side failed, said plainly: the viewer's connection, or ours. */
export type Connection = 'connecting' | 'open' | 'offline' | 'server' | { refused: string };

const REFUSED = 'チャットを表示できませんでした。';

/**
 * The room's events over Server-Sent Events. The browser's EventSource reconnects by itself and sends the last
 * event id, so the server resumes from there (decision 0051); a refusal (not allowed, banned) is read once as JSON
 * to show its Japanese message, and then nothing retries.
 */
export function useChatStream(itemId: string) {
  const [state, dispatch] = useReducer(foldChat, EMPTY_CHAT);
  const [connection, setConnection] = useState<Connection>('connecting');
  useEffect(() => {
    const url = `/api/chat/${itemId}/stream`;
    const source = new EventSource(url);
    source.onopen = () => setConnection('open');
    source.onmessage = (message: MessageEvent<string>) => {
      setConnection('open');
      dispatch(JSON.parse(message.data) as ChatEvent);
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) {
        setConnection(navigator.onLine ? 'server' : 'offline');
        return;
      }
      // Closed by the browser: the server answered with an error status. Ask once what it was.
      void fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) })
        .then(async (response) => {
          const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          setConnection({ refused: json?.error?.message ?? REFUSED });
        })
        .catch(() => setConnection(navigator.onLine ? 'server' : 'offline'));
    };
    const online = () => setConnection((now) => (now === 'offline' ? 'connecting' : now));
    window.addEventListener('online', online);
    return () => {
      source.close();
      window.removeEventListener('online', online);
    };
  }, [itemId]);
  return { state, connection };
}
