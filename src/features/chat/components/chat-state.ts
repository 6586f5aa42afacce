import type { ChatEvent, ChatMessageView, ChatYou } from '@/features/chat/types';

/** What a viewer's chat shows, folded from the stream's events (a reconnect's replay folds the same way). */
export interface ChatState {
  seq: number;
  messages: ChatMessageView[];
  pinned: ChatMessageView | null;
  slowSeconds: number;
  live: boolean;
  you: ChatYou | null;
}

/** The newest messages kept on screen; older ones scroll away. */
export const SHOWN_MESSAGES = 200;

export const EMPTY_CHAT: ChatState = {
  seq: 0,
  messages: [],
  pinned: null,
  slowSeconds: 0,
  live: true,
  you: null,
};

export function foldChat(state: ChatState, event: ChatEvent): ChatState {
  if (event.kind === 'state') {
    return {
      seq: event.seq,
      messages: event.messages,
      pinned: event.pinned,
      slowSeconds: event.slowSeconds,
      live: event.live,
      you: event.you,
    };
  }
  // Already folded (a replay overlapping what was shown): nothing twice.
  if (event.seq <= state.seq) return state;
  const next = { ...state, seq: event.seq };
  switch (event.kind) {
    case 'message':
      return { ...next, messages: [...state.messages, event.message].slice(-SHOWN_MESSAGES) };
    case 'delete':
      return {
        ...next,
        messages: state.messages.filter((message) => message.seq !== event.ref),
        pinned: state.pinned?.seq === event.ref ? null : state.pinned,
      };
    case 'pin':
      return { ...next, pinned: event.pinned };
    case 'slow':
      return { ...next, slowSeconds: event.slowSeconds };
  }
}
