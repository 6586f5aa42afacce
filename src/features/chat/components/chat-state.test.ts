import { describe, expect, it } from 'vitest';
import { EMPTY_CHAT, foldChat } from './chat-state';

const message = (seq: number, body = `m${seq}`) => ({
  seq,
  name: 'ファン',
  body,
  at: '2026-11-27T00:00:00Z',
});

describe('foldChat', () => {
  it('adds messages once, removes deleted ones (and their pin), follows slow mode', () => {
    let state = foldChat(EMPTY_CHAT, {
      kind: 'state',
      seq: 1,
      messages: [message(1)],
      pinned: message(1),
      slowSeconds: 0,
      live: true,
      you: { staff: false, muted: false, canWrite: true },
    });
    state = foldChat(state, { kind: 'message', seq: 2, message: message(2) });
    state = foldChat(state, { kind: 'message', seq: 2, message: message(2) });
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2]);
    state = foldChat(state, { kind: 'delete', seq: 3, ref: 1 });
    expect(state.messages.map((m) => m.seq)).toEqual([2]);
    expect(state.pinned).toBeNull();
    state = foldChat(state, { kind: 'slow', seq: 4, slowSeconds: 10 });
    expect(state).toMatchObject({ seq: 4, slowSeconds: 10 });
  });
});
