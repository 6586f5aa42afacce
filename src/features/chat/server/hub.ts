import 'server-only';
import type { Db, DbHandle } from '@/server/db/client';
import type { ChatEvent } from '@/features/chat/types';
import { eventsAfter, roomOf, type StoredEvent } from './read';
import { CHAT_CHANNEL } from './write';

/** One open stream: what it has been sent up to, and how to send it more. */
export interface ChatSubscriber {
  uid: string;
  staff: boolean;
  /** The last number sent; events up to it are never sent again (no doubles). */
  lastSeq: number;
  /** Events that arrived while the subscriber was catching up, sent after the catch-up. */
  queue: StoredEvent[] | null;
  openedAt: number;
  write(chunk: string): void;
  close(): void;
  /** Bytes the connection has not taken yet: a viewer far behind is closed (it reconnects and resumes). */
  backlog(): number;
}

interface Room {
  itemId: string;
  /** Every event up to this number has been handed to the room's subscribers. */
  delivered: number;
  /** The highest number heard of (or "any": a poll). */
  wanted: number;
  subs: Set<ChatSubscriber>;
  ready: Promise<void>;
  pumping: Promise<void> | null;
}

export interface ChatHubOptions {
  db: Db;
  /** PostgreSQL's LISTEN (every instance hears every room); absent: the hub polls its rooms every `pollMs`. */
  listen?: DbHandle['listen'];
  pollMs?: number;
  /** A stream is closed after this long, so that its viewer's access is checked again when it reconnects. */
  maxAgeMs?: number;
  heartbeatMs?: number;
}

const ANY = Number.MAX_SAFE_INTEGER;
const MAX_BACKLOG_BYTES = 1 << 20;

/** The Server-Sent Events frame of an event: its number as the event id (what a reconnect sends back). */
export function frameOf(event: ChatEvent): string {
  return `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A message's copy for members leaves out its author's uid; staff's keeps it (to mute or ban). */
function framesOf(event: StoredEvent): { member: string; staff: string } {
  const { uid, ...shown } = event;
  const member = frameOf(shown as ChatEvent);
  if (event.kind !== 'message' || !uid) return { member, staff: member };
  return { member, staff: frameOf({ ...event, message: { ...event.message, uid } } as ChatEvent) };
}

/**
 * The chat's fan-out in one process (decision 0051). Writers commit an event and NOTIFY `itemId:seq`; every
 * instance's hub hears it, reads the room's new events once (one query for all its viewers of the room) and writes
 * them to each stream. Numbers commit in order per room (write.ts), so reading "after the last delivered" never
 * skips one; each stream remembers its last number, so nothing is sent twice. A lost notice (the listener
 * reconnecting, or no LISTEN at all) is made good by a poll of the open rooms.
 */
export class ChatHub {
  private readonly rooms = new Map<string, Room>();
  private timers: NodeJS.Timeout[] = [];
  private readonly options: Required<Omit<ChatHubOptions, 'listen'>> & Pick<ChatHubOptions, 'listen'>;
  listening = false;

  constructor(options: ChatHubOptions) {
    this.options = {
      pollMs: options.listen ? 10_000 : 1_000,
      maxAgeMs: 10 * 60_000,
      heartbeatMs: 20_000,
      ...options,
    };
  }

  async start(): Promise<void> {
    const { listen, pollMs, heartbeatMs } = this.options;
    if (listen) {
      try {
        await listen(
          CHAT_CHANNEL,
          (payload) => {
            const at = payload.lastIndexOf(':');
            this.poke(payload.slice(0, at), Number(payload.slice(at + 1)));
          },
          () => this.pollAll(),
        );
        this.listening = true;
      } catch (error) {
        console.error('chat: LISTEN failed, polling instead', error);
      }
    }
    // LISTEN was asked for but failed: poll as often as an instance without it does.
    const poll = listen && !this.listening ? Math.min(pollMs, 1_000) : pollMs;
    this.timers.push(setInterval(() => this.pollAll(), poll).unref());
    this.timers.push(setInterval(() => this.heartbeat(), heartbeatMs).unref());
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const room of this.rooms.values()) for (const sub of room.subs) sub.close();
    this.rooms.clear();
  }

  /** How many streams are open (the bench's figure). */
  get viewers(): number {
    let total = 0;
    for (const room of this.rooms.values()) total += room.subs.size;
    return total;
  }

  /** An event of the room committed (NOTIFY, or this instance's own write): send what is new. */
  poke(itemId: string, seq: number): void {
    const room = this.rooms.get(itemId);
    if (!room || !(seq > room.delivered)) return;
    room.wanted = Math.max(room.wanted, seq);
    void this.pump(room);
  }

  private pollAll(): void {
    for (const room of this.rooms.values()) {
      room.wanted = ANY;
      void this.pump(room);
    }
  }

  private pump(room: Room): Promise<void> {
    room.pumping ??= (async () => {
      try {
        await room.ready;
        while (room.wanted > room.delivered) {
          const events = await eventsAfter(this.options.db, room.itemId, room.delivered, 1_000);
          if (events.length === 0) {
            // A notice is sent at commit, so what it names is visible: nothing new means a poll found nothing.
            room.wanted = room.delivered;
            break;
          }
          this.hand(room, events);
          room.delivered = events.at(-1)!.seq;
        }
      } catch (error) {
        console.error('chat: reading a room failed (the next poll tries again)', error);
        room.wanted = room.delivered;
      } finally {
        room.pumping = null;
        if (room.wanted > room.delivered) void this.pump(room);
      }
    })();
    return room.pumping;
  }

  /**
   * Hands a pass's events to every stream, serialised once and written in one piece per stream: when the room is
   * busy a pass carries several events, and each stream then costs one write for all of them.
   */
  private hand(room: Room, events: StoredEvent[]): void {
    const frames = events.map(framesOf);
    const whole = {
      member: frames.map((f) => f.member).join(''),
      staff: frames.map((f) => f.staff).join(''),
    };
    const first = events[0]!.seq;
    const last = events.at(-1)!.seq;
    for (const sub of room.subs) {
      if (sub.queue) {
        sub.queue.push(...events);
        continue;
      }
      if (sub.lastSeq >= last) continue;
      if (sub.lastSeq < first) {
        this.send(room, sub, sub.staff ? whole.staff : whole.member, last);
        continue;
      }
      // A stream that already has some of them (it caught up meanwhile): only the rest, nothing twice.
      const rest = frames.filter((_, i) => events[i]!.seq > sub.lastSeq);
      this.send(room, sub, rest.map((f) => (sub.staff ? f.staff : f.member)).join(''), last);
    }
  }

  private send(room: Room, sub: ChatSubscriber, frame: string, seq: number): void {
    sub.lastSeq = seq;
    if (sub.backlog() > MAX_BACKLOG_BYTES) {
      room.subs.delete(sub);
      sub.close();
      return;
    }
    sub.write(frame);
  }

  private roomFor(itemId: string): Room {
    let room = this.rooms.get(itemId);
    if (!room) {
      const made: Room = {
        itemId,
        delivered: 0,
        wanted: 0,
        subs: new Set(),
        ready: Promise.resolve(),
        pumping: null,
      };
      made.ready = roomOf(this.options.db, itemId).then(
        (state) => void (made.delivered = state.lastSeq),
        () => void (made.delivered = 0),
      );
      this.rooms.set(itemId, (room = made));
    }
    return room;
  }

  /**
   * Adds a stream to the room: it first catches up (`catchUp` sends the events after its last id, or the room's
   * state, and answers the number it sent up to), while new events wait in its queue; then the queue is sent.
   */
  async join(itemId: string, sub: ChatSubscriber, catchUp: () => Promise<number>): Promise<void> {
    const room = this.roomFor(itemId);
    sub.queue = [];
    room.subs.add(sub);
    try {
      await room.ready;
      sub.lastSeq = await catchUp();
    } catch (error) {
      room.subs.delete(sub);
      throw error;
    }
    const queued = sub.queue;
    sub.queue = null;
    for (const event of queued) {
      if (event.seq <= sub.lastSeq) continue;
      const frames = framesOf(event);
      this.send(room, sub, sub.staff ? frames.staff : frames.member, event.seq);
    }
    // Whatever committed between the catch-up's read and now is read again by the room's next pass.
    room.wanted = ANY;
    void this.pump(room);
  }

  /** When the room's current pass over new events is done (tests wait for it to line up a race). */
  async settled(itemId: string): Promise<void> {
    await this.rooms.get(itemId)?.pumping;
  }

  leave(itemId: string, sub: ChatSubscriber): void {
    const room = this.rooms.get(itemId);
    if (!room) return;
    room.subs.delete(sub);
    if (room.subs.size === 0 && !room.pumping) this.rooms.delete(itemId);
  }

  /** A member banned from the room: their open streams end now (a reconnect is refused). */
  closeMember(itemId: string, uid: string): void {
    const room = this.rooms.get(itemId);
    if (!room) return;
    for (const sub of room.subs) {
      if (sub.uid !== uid) continue;
      room.subs.delete(sub);
      sub.close();
    }
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const room of this.rooms.values()) {
      for (const sub of room.subs) {
        if (now - sub.openedAt > this.options.maxAgeMs) {
          room.subs.delete(sub);
          sub.close();
        } else if (!sub.queue) sub.write(': ping\n\n');
      }
    }
  }
}
