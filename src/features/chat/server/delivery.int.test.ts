import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { contentItems } from '@/server/db/schema';
import { upsertSite } from '@/features/site/server';
import type { ChatEvent } from '@/features/chat/types';
import type { ChatPerson } from './access';
import { ChatHub, type ChatSubscriber } from './hub';
import { catchUp } from './stream';
import { deleteMessage, postMessage } from './write';

/**
 * Delivery to two app instances' hubs sharing one database: on PostgreSQL only NOTIFY wakes them (their poll is
 * far off), on PGlite their poll does. Every viewer gets every event once, in order, and a reconnect resumes.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let itemId: string;
let siteId: string;
const hubs: ChatHub[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await upsertSite(handle.db, demoSiteFile('mio'))).site.id;
  itemId = (
    await handle.db
      .insert(contentItems)
      .values({ siteId, section: 'movie', title: '生配信', state: 'published', isLive: true })
      .returning()
  )[0]!.id;
  for (let i = 0; i < 2; i += 1) {
    const hub = new ChatHub({ db: handle.db, listen: handle.listen, pollMs: handle.listen ? 60_000 : 100 });
    await hub.start();
    hubs.push(hub);
  }
});
afterAll(async () => {
  for (const hub of hubs) hub.stop();
  await handle?.drop();
});

const fan = (uid: string, staff = false): ChatPerson =>
  ({
    siteId,
    itemId,
    uid,
    staff: staff ? { siteId, uid, email: null, displayName: '運営', role: 'owner' } : null,
    banned: false,
    muted: false,
    live: true,
  }) as ChatPerson;

/** A viewer that records the events it is written, as a browser's EventSource would parse them. */
function viewer(uid: string) {
  const events: ChatEvent[] = [];
  const take = (chunk: string) => {
    for (const frame of chunk.split('\n\n')) {
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice(6)) as ChatEvent);
    }
  };
  const sub: ChatSubscriber = {
    uid,
    staff: false,
    lastSeq: 0,
    queue: null,
    openedAt: Date.now(),
    write: take,
    close: () => {},
    backlog: () => 0,
  };
  return {
    sub,
    events,
    join: (hub: ChatHub, after: number | null) =>
      hub.join(itemId, sub, () => catchUp(handle.db, fan(uid), after, take)),
    ids: () => events.filter((event) => event.kind !== 'state').map((event) => event.seq),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const say = (uid: string, body: string) => postMessage(handle.db, fan(uid), { body, ngWords: [], name: uid });

describe('delivery across instances', () => {
  it('sends every event to every viewer once, in order, and resumes a reconnect from its last id', async () => {
    const a = viewer('a');
    const b = viewer('b');
    await a.join(hubs[0]!, null);
    await b.join(hubs[1]!, null);
    expect(a.events[0]).toMatchObject({ kind: 'state', seq: 0, messages: [] });

    // Four members at once, and a deletion among them.
    const posted = await Promise.all(range(1, 40).map((i) => say(`m${i % 4}`, `メッセージ${i}`)));
    await deleteMessage(handle.db, fan('staff', true), posted[3]!);
    const last = 41;
    await vi.waitFor(() => expect(a.sub.lastSeq).toBe(last), { timeout: 5_000 });
    await vi.waitFor(() => expect(b.sub.lastSeq).toBe(last), { timeout: 5_000 });
    expect(a.ids()).toEqual(range(1, last));
    expect(b.ids()).toEqual(range(1, last));
    expect(a.events.at(-1)).toMatchObject({ kind: 'delete', ref: posted[3] });
    // Members are told apart by their shown names only: no author's uid reaches a member's stream.
    expect(JSON.stringify(a.events)).not.toContain('"uid"');

    // b drops after 41; 10 more are posted while it is away and 5 while it catches up.
    hubs[1]!.leave(itemId, b.sub);
    for (const i of range(1, 10)) await say('m1', `留守中${i}`);
    const again = viewer('b');
    const during = Promise.all(range(1, 5).map((i) => say('m2', `再接続中${i}`)));
    await again.join(hubs[1]!, last);
    await during;
    await vi.waitFor(() => expect(again.sub.lastSeq).toBe(last + 15), { timeout: 5_000 });
    expect(again.ids()).toEqual(range(last + 1, last + 15));
    expect(again.events.some((event) => event.kind === 'state')).toBe(false);
    await vi.waitFor(() => expect(a.ids()).toEqual(range(1, last + 15)), { timeout: 5_000 });
  });

  it('gives nothing twice to a viewer that joins while its instance is still behind the room', async () => {
    // An instance that has not heard of the last posts yet (no LISTEN, its poll a minute away).
    const slow = new ChatHub({ db: handle.db, pollMs: 60_000 });
    await slow.start();
    hubs.push(slow);
    const early = viewer('early');
    await early.join(slow, null);
    const from = early.sub.lastSeq;
    await slow.settled(itemId);
    for (const i of range(1, 5)) await say('m3', `遅れて${i}`);
    // The newcomer's catch-up reads the five; the instance then hands them to every viewer of the room.
    const late = viewer('late');
    await late.join(slow, from);
    await vi.waitFor(() => expect(early.sub.lastSeq).toBe(from + 5), { timeout: 5_000 });
    expect(early.ids()).toEqual(range(from + 1, from + 5));
    expect(late.ids()).toEqual(range(from + 1, from + 5));
  });

  it('gives a viewer too far behind the room as it is now, not a replay', async () => {
    const far = viewer('far');
    await far.join(hubs[0]!, 999_999);
    expect(far.events[0]).toMatchObject({ kind: 'state' });
    hubs[0]!.leave(itemId, far.sub);
  });
});
