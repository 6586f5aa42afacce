/** One message as every viewer receives it (no uid: members are told apart by their shown name only). */
export interface ChatMessageView {
  seq: number;
  name: string;
  body: string;
  at: string;
  /** Staff only: whose it is, to mute or ban them. */
  uid?: string;
}

/**
 * What the stream sends (Server-Sent Events; the event id is the room's number, decision 0051). `state` comes first
 * on a new connection and whenever a reconnect is too far behind to replay.
 */
export type ChatEvent =
  | {
      kind: 'state';
      seq: number;
      messages: ChatMessageView[];
      pinned: ChatMessageView | null;
      slowSeconds: number;
      live: boolean;
      you: ChatYou;
    }
  | { kind: 'message'; seq: number; message: ChatMessageView }
  | { kind: 'delete'; seq: number; ref: number }
  | { kind: 'pin'; seq: number; pinned: ChatMessageView | null }
  | { kind: 'slow'; seq: number; slowSeconds: number };

/** What the viewer may do here. */
export interface ChatYou {
  staff: boolean;
  muted: boolean;
  /** Writing is open (the item is live now): after the stream, the chat is read only beside the archive. */
  canWrite: boolean;
}

export interface ChatReportView {
  seq: number;
  name: string;
  body: string;
  uid: string;
  reports: number;
  deleted: boolean;
}
