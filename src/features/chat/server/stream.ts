import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, ERROR_CATALOGUE } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { SECURITY_HEADERS } from '@/server/http/security-headers.mjs';
import type { Site } from '@/features/site';
import type { ChatEvent } from '@/features/chat/types';
import { chatPersonOf, type ChatPerson } from './access';
import { frameOf, type ChatHub, type ChatSubscriber } from './hub';
import { eventsAfter, recentMessages, roomOf, viewOf } from './read';

export const BANNED = 'この配信のチャットには参加できません。';

/** How far back a reconnect is replayed event by event; further behind, it gets the room's state afresh. */
const MAX_REPLAY = 500;

/** The event id a reconnecting EventSource sends back (the last one it received), or null. */
export function lastEventIdOf(req: IncomingMessage): number | null {
  const raw = req.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The room's state for a viewer joining without a last id (or too far behind): the latest messages and settings. */
export async function stateEvent(db: Db, person: ChatPerson): Promise<ChatEvent & { kind: 'state' }> {
  const room = await roomOf(db, person.itemId);
  const { rows, pinned } = await recentMessages(db, person.itemId, room.lastSeq, room.pinnedSeq);
  const staff = person.staff !== null;
  return {
    kind: 'state',
    seq: room.lastSeq,
    messages: rows.map((row) => viewOf(row, staff)),
    pinned: pinned ? viewOf(pinned) : null,
    slowSeconds: room.slowSeconds,
    live: person.live,
    you: { staff, muted: person.muted, canWrite: person.live && !person.muted },
  };
}

/**
 * What a joining stream is sent before the room's new events: the events after its last id when it has one and is
 * not too far behind (a reconnect resumes without loss or doubles), else the room's state. Answers the last number
 * sent.
 */
export async function catchUp(
  db: Db,
  person: ChatPerson,
  after: number | null,
  write: (chunk: string) => void,
): Promise<number> {
  if (after !== null) {
    const events = await eventsAfter(db, person.itemId, after, MAX_REPLAY + 1);
    const { lastSeq } = await roomOf(db, person.itemId);
    if (events.length <= MAX_REPLAY && after <= lastSeq) {
      const staff = person.staff !== null;
      for (const { uid, ...event } of events) {
        const shown =
          staff && event.kind === 'message' && uid ? { ...event, message: { ...event.message, uid } } : event;
        write(frameOf(shown as ChatEvent));
      }
      return events.at(-1)?.seq ?? after;
    }
  }
  const state = await stateEvent(db, person);
  write(frameOf(state));
  return state.seq;
}

function refuse(res: ServerResponse, error: unknown): void {
  const known = error instanceof AppError ? error : null;
  if (!known) console.error('chat stream:', error);
  const code = known?.code ?? 'INTERNAL';
  const body = JSON.stringify({
    error: { code, message: known?.message ?? ERROR_CATALOGUE.INTERNAL.message },
  });
  res.writeHead(ERROR_CATALOGUE[code].status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
  });
  res.end(body);
}

/**
 * GET /api/chat/{itemId}/stream: the room's events as Server-Sent Events, for as long as the viewer stays (at most
 * the hub's maximum age; the browser's EventSource then reconnects with its last id and is checked again).
 */
export async function serveChatStream(
  deps: { db: Db; hub: ChatHub; site: Site | null; token: string | null; itemId: string },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let person: ChatPerson;
  try {
    if (!deps.site) throw new AppError('NOT_FOUND');
    person = await chatPersonOf(deps.db, deps.site, deps.token, deps.itemId);
    if (person.banned) throw new AppError('FORBIDDEN', BANNED);
  } catch (error) {
    return refuse(res, error);
  }
  const headers: Record<string, string> = {};
  for (const { key, value } of SECURITY_HEADERS) headers[key.toLowerCase()] = value;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    // nginx in front (deploy/) would otherwise hold the events back to fill its buffer.
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  // A reconnect after a dropped connection waits about 2 s (the browser's default is 3 s).
  res.write('retry: 2000\n\n');
  const sub: ChatSubscriber = {
    uid: person.uid,
    staff: person.staff !== null,
    lastSeq: 0,
    queue: null,
    openedAt: Date.now(),
    write: (chunk) => void res.write(chunk),
    close: () => res.end(),
    backlog: () => res.writableLength,
  };
  res.on('close', () => deps.hub.leave(deps.itemId, sub));
  try {
    await deps.hub.join(deps.itemId, sub, () =>
      catchUp(deps.db, person, lastEventIdOf(req), (chunk) => res.write(chunk)),
    );
  } catch (error) {
    console.error('chat stream: catching up failed', error);
    res.end();
  }
}
