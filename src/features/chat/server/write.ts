import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { executeRows } from '@/server/db/raw';
import { chatEvents, chatMessages, chatReports, chatRestrictions, chatRooms } from '@/server/db/schema';
import type { CHAT_EVENT_KINDS } from '@/server/db/chat-schema';
import { recordAudit, type StaffActor } from '@/features/staff/server';
import { CHAT_MAX_LENGTH, cleanMessage, ngWordIn } from '@/features/chat/rules';
import { assertModerator, type ChatPerson } from './access';

/** The channel every instance listens on; the payload is `itemId:seq` (decision 0051). */
export const CHAT_CHANNEL = 'fc_chat';

type Kind = (typeof CHAT_EVENT_KINDS)[number];

/**
 * The room's next number, taken under the room row's lock (made on the first write): the writers of one room wait
 * for each other here, so its numbers commit in order and a reader that has seen n has seen everything before n.
 */
async function nextSeq(tx: Db, person: ChatPerson) {
  const [room] = await tx
    .insert(chatRooms)
    .values({ itemId: person.itemId, siteId: person.siteId, lastSeq: 1 })
    .onConflictDoUpdate({ target: chatRooms.itemId, set: { lastSeq: sql`${chatRooms.lastSeq} + 1` } })
    .returning({ seq: chatRooms.lastSeq, slowSeconds: chatRooms.slowSeconds });
  return room!;
}

/** The event, and the notice every instance hears when it commits (NOTIFY is sent at COMMIT, never before). */
async function appendEvent(tx: Db, itemId: string, seq: number, kind: Kind, ref?: number, value?: number) {
  await executeRows(
    tx,
    sql`with e as (insert into ${chatEvents} (item_id, seq, kind, ref_seq, value)
          values (${itemId}, ${seq}, ${kind}, ${ref ?? null}, ${value ?? null}) returning seq)
        select pg_notify(${CHAT_CHANNEL}, ${itemId} || ':' || e.seq::text) from e`,
  );
}

export interface PostInput {
  body: string;
  ngWords: readonly string[];
  name: string;
}

/**
 * A member's message. Refused: too long or empty (422), an NG word (422), muted or banned (403), written again
 * within slow mode (429 with the seconds left), or after the stream (403). Returns its number.
 */
export async function postMessage(db: Db, person: ChatPerson, input: PostInput, now = new Date()) {
  const body = cleanMessage(input.body);
  if (!body) throw new AppError('VALIDATION', 'メッセージを入力してください。');
  if ([...body].length > CHAT_MAX_LENGTH)
    throw new AppError('VALIDATION', `メッセージは${CHAT_MAX_LENGTH}文字以内で入力してください。`);
  if (!person.live) throw new AppError('FORBIDDEN', '配信が終了したため、チャットは閲覧のみです。');
  if (person.banned || person.muted)
    throw new AppError('FORBIDDEN', 'この配信では、チャットへの書き込みが制限されています。');
  if (ngWordIn(body, input.ngWords))
    throw new AppError('VALIDATION', '使用できない言葉が含まれているため、送信できませんでした。');
  return db.transaction(async (tx) => {
    const room = await nextSeq(tx as unknown as Db, person);
    if (room.slowSeconds > 0 && !person.staff) {
      const [last] = await tx
        .select({ at: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.itemId, person.itemId), eq(chatMessages.uid, person.uid)))
        .orderBy(desc(chatMessages.createdAt))
        .limit(1);
      const wait = last ? room.slowSeconds - Math.floor((now.getTime() - last.at.getTime()) / 1000) : 0;
      if (wait > 0)
        throw new AppError('TOO_MANY_REQUESTS', `スローモード中です。あと${wait}秒お待ちください。`, {
          retryAfterSeconds: wait,
        });
    }
    await tx.insert(chatMessages).values({
      itemId: person.itemId,
      seq: room.seq,
      siteId: person.siteId,
      uid: person.uid,
      name: input.name,
      body,
      createdAt: now,
    });
    await appendEvent(tx as unknown as Db, person.itemId, room.seq, 'message');
    return room.seq;
  });
}

async function messageOf(db: Db, itemId: string, seq: number) {
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.itemId, itemId), eq(chatMessages.seq, seq)))
    .limit(1);
  if (!message) throw new AppError('NOT_FOUND', 'メッセージが見つかりませんでした。');
  return message;
}

const audit = (db: Db, actor: StaffActor, action: string, target: string, before: unknown, after: unknown) =>
  recordAudit(db, actor, { action, targetType: 'chat', targetId: target, before, after });

/** Deletes a message for everyone (its text is never sent again); audited with the text it had. */
export async function deleteMessage(db: Db, person: ChatPerson, seq: number) {
  const actor = assertModerator(person);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const message = await messageOf(tx, person.itemId, seq);
    if (message.deletedAt) return;
    const room = await nextSeq(tx, person);
    await tx
      .update(chatMessages)
      .set({ deletedAt: new Date(), deletedBy: actor.uid })
      .where(and(eq(chatMessages.itemId, person.itemId), eq(chatMessages.seq, seq)));
    await appendEvent(tx, person.itemId, room.seq, 'delete', seq);
    await audit(tx, actor, 'chat.delete', person.itemId, { seq, uid: message.uid, body: message.body }, null);
  });
}

/** Pins a message above the chat (null: unpins). */
export async function pinMessage(db: Db, person: ChatPerson, seq: number | null) {
  const actor = assertModerator(person);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    if (seq !== null && (await messageOf(tx, person.itemId, seq)).deletedAt)
      throw new AppError('CONFLICT', '削除されたメッセージは固定できません。');
    const room = await nextSeq(tx, person);
    await tx.update(chatRooms).set({ pinnedSeq: seq }).where(eq(chatRooms.itemId, person.itemId));
    await appendEvent(tx, person.itemId, room.seq, 'pin', seq ?? undefined);
    await audit(tx, actor, seq === null ? 'chat.unpin' : 'chat.pin', person.itemId, null, { seq });
  });
}

/** スローモード: each member may post once per `seconds` (0: off). */
export async function setSlowMode(db: Db, person: ChatPerson, seconds: number) {
  const actor = assertModerator(person);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const room = await nextSeq(tx, person);
    await tx.update(chatRooms).set({ slowSeconds: seconds }).where(eq(chatRooms.itemId, person.itemId));
    await appendEvent(tx, person.itemId, room.seq, 'slow', undefined, seconds);
    await audit(tx, actor, 'chat.slow', person.itemId, null, { seconds });
  });
}

/**
 * Mutes (may read, not write) or bans (neither; the member's open streams are closed by the caller) the author of a
 * message for this stream, or lifts it (`null`). Staff name the message, never a uid they typed.
 */
export async function restrictAuthor(
  db: Db,
  person: ChatPerson,
  seq: number,
  kind: 'mute' | 'ban' | null,
): Promise<string> {
  const actor = assertModerator(person);
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const { uid } = await messageOf(tx, person.itemId, seq);
    const where = and(eq(chatRestrictions.itemId, person.itemId), eq(chatRestrictions.uid, uid));
    if (kind === null) await tx.delete(chatRestrictions).where(where);
    else
      await tx
        .insert(chatRestrictions)
        .values({ itemId: person.itemId, uid, kind, createdBy: actor.uid })
        .onConflictDoUpdate({
          target: [chatRestrictions.itemId, chatRestrictions.uid],
          set: { kind, createdBy: actor.uid },
        });
    await audit(tx, actor, kind ? `chat.${kind}` : 'chat.lift', person.itemId, null, { uid, seq });
    return uid;
  });
}

/** A member's report of a message: once per member and message; staff see the count. */
export async function reportMessage(db: Db, person: ChatPerson, seq: number) {
  await messageOf(db, person.itemId, seq);
  await db.insert(chatReports).values({ itemId: person.itemId, seq, uid: person.uid }).onConflictDoNothing();
}
