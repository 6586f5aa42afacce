import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { AppError } from '@/lib/errors';
import { auditLog, contentItems, staffMembers } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { createSession } from '@/features/auth/server';
import { addMember, addPlan } from '@/features/membership/testing';
import { chatPersonOf, type ChatPerson } from './access';
import { eventsAfter, reportsOf } from './read';
import { stateEvent } from './stream';
import { deleteMessage, pinMessage, postMessage, reportMessage, restrictAuthor, setSlowMode } from './write';

/** Posting, NG words, slow mode, mute and ban, deletion, pins and reports, through the chat's gate. */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let live: string;
let ended: string;
const tokens: Record<'fan' | 'other' | 'guest' | 'staff' | 'secondFan', string> = {} as never;
const now = new Date();
const future = new Date(Date.now() + 30 * 86_400_000);

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, { ...demoSiteFile('mio') })).site;
  mio = { ...mio, config: { ...mio.config, CHAT_NG_WORDS: ['ばか', 'spam'] } };
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const plan = (await addPlan(handle.db, mio.id, 'monthly', '月額会員')).id;
  const secondPlan = (await addPlan(handle.db, second.id, 'monthly', '月額会員')).id;
  const premium = { planId: plan, status: 'active' as const, periodEnd: future };
  const session = async (siteId: string, uid: string) =>
    (await createSession(handle.db, { siteId, uid, email: null, authTime: now }, now)).token;
  const fan = await addMember(handle.db, mio.id, { nickname: 'ミオ推し', number: 7, subscription: premium });
  const other = await addMember(handle.db, mio.id, { nickname: '', number: 8, subscription: premium });
  const guest = await addMember(handle.db, mio.id, { nickname: 'はじめまして' });
  const secondFan = await addMember(handle.db, second.id, {
    nickname: '別サイト',
    subscription: { ...premium, planId: secondPlan },
  });
  await handle.db.insert(staffMembers).values({
    siteId: mio.id,
    uid: 'staff-owner',
    email: 'o@example.jp',
    displayName: '運営',
    role: 'owner',
  });
  tokens.fan = await session(mio.id, fan.uid);
  tokens.other = await session(mio.id, other.uid);
  tokens.guest = await session(mio.id, guest.uid);
  tokens.staff = await session(mio.id, 'staff-owner');
  tokens.secondFan = await session(second.id, secondFan.uid);
  const item = async (isLive: boolean) =>
    (
      await handle.db
        .insert(contentItems)
        .values({ siteId: mio.id, section: 'movie', title: '生配信', state: 'published', isLive })
        .returning()
    )[0]!.id;
  live = await item(true);
  ended = await item(false);
});
afterAll(async () => handle?.drop());

const person = (token: string, itemId = live) => chatPersonOf(handle.db, mio, token, itemId);
const post = async (who: ChatPerson, body: string, at = new Date()) =>
  postMessage(handle.db, who, { body, ngWords: mio.config.CHAT_NG_WORDS, name: 'x' }, at);
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error),
  );

describe("the chat gate (the item's own)", () => {
  it('lets premium members and moderating staff in, nobody else', async () => {
    const fan = await person(tokens.fan);
    expect(fan).toMatchObject({ staff: null, live: true, muted: false, banned: false });
    expect((await person(tokens.staff)).staff?.role).toBe('owner');
    expect(await refusal(person(tokens.guest))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(chatPersonOf(handle.db, mio, null, live))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    // A member of another site is nobody here, even with a premium session there.
    expect(await refusal(person(tokens.secondFan))).toMatchObject({ code: 'UNAUTHENTICATED' });
    // An item that is not live and has no chat kept has none.
    expect(await refusal(person(tokens.fan, ended))).toMatchObject({ code: 'NOT_FOUND' });
    // Another site's host never opens this site's item.
    const secondSession = tokens.secondFan;
    expect(await refusal(chatPersonOf(handle.db, second, secondSession, live))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('posting', () => {
  it('numbers messages in order and shows the nickname, or 会員 and the number', async () => {
    const fan = await person(tokens.fan);
    const first = await post(fan, '  こんばんは！\n待ってました ');
    const second = await post(fan, '二通目');
    expect(second).toBe(first + 1);
    const events = await eventsAfter(handle.db, live, first - 1);
    expect(events[0]).toMatchObject({ kind: 'message', message: { body: 'こんばんは！ 待ってました' } });
  });

  it('refuses empty, too long and NG-word messages in Japanese, NG words in any width or case', async () => {
    const fan = await person(tokens.fan);
    expect(await refusal(post(fan, '   '))).toMatchObject({ code: 'VALIDATION' });
    expect(await refusal(post(fan, 'あ'.repeat(201)))).toMatchObject({
      code: 'VALIDATION',
      message: 'メッセージは200文字以内で入力してください。',
    });
    expect(await post(fan, 'あ'.repeat(200))).toBeGreaterThan(0);
    expect(await refusal(post(fan, 'お前は バカ だ'))).toMatchObject({ code: 'VALIDATION' });
    expect(await refusal(post(fan, 'ＳＰＡＭです'))).toMatchObject({ code: 'VALIDATION' });
    expect(await refusal(post(fan, 'おまえはば か'))).toMatchObject({
      message: '使用できない言葉が含まれているため、送信できませんでした。',
    });
  });

  it('is read only after the stream, beside the archive', async () => {
    await handle.db.update(contentItems).set({ isLive: false }).where(eq(contentItems.id, live));
    const fan = await person(tokens.fan);
    expect(fan.live).toBe(false);
    expect(await refusal(post(fan, 'まだ見てます'))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await stateEvent(handle.db, fan)).messages.length).toBeGreaterThan(0);
    await handle.db.update(contentItems).set({ isLive: true }).where(eq(contentItems.id, live));
  });
});

describe('moderation', () => {
  it('slow mode lets each member post once per interval, staff excepted', async () => {
    const staff = await person(tokens.staff);
    await setSlowMode(handle.db, staff, 10);
    const other = await person(tokens.other);
    const at = new Date();
    await post(other, '一回目', at);
    expect(await refusal(post(other, '二回目', new Date(+at + 4_000)))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'スローモード中です。あと6秒お待ちください。',
    });
    await post(staff, '運営です', new Date(+at + 1_000));
    await post(staff, '運営です2', new Date(+at + 2_000));
    expect(await post(other, '三回目', new Date(+at + 11_000))).toBeGreaterThan(0);
    await setSlowMode(handle.db, staff, 0);
    expect((await stateEvent(handle.db, other)).slowSeconds).toBe(0);
  });

  it('mutes and bans the author of a message for this stream, and lifts it', async () => {
    const staff = await person(tokens.staff);
    const other = await person(tokens.other);
    const seq = await post(other, 'うるさい書き込み');
    await restrictAuthor(handle.db, staff, seq, 'mute');
    const muted = await person(tokens.other);
    expect(muted).toMatchObject({ muted: true, banned: false });
    expect(await refusal(post(muted, 'まだ書く'))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await stateEvent(handle.db, muted)).you).toMatchObject({ muted: true, canWrite: false });
    await restrictAuthor(handle.db, staff, seq, 'ban');
    expect(await person(tokens.other)).toMatchObject({ banned: true });
    // Only in this stream.
    await handle.db.update(contentItems).set({ isLive: true }).where(eq(contentItems.id, ended));
    expect(await person(tokens.other, ended)).toMatchObject({ banned: false, muted: false });
    await restrictAuthor(handle.db, staff, seq, null);
    expect(await post(await person(tokens.other), '反省しました')).toBeGreaterThan(seq);
    // Members cannot moderate.
    expect(await refusal(deleteMessage(handle.db, other, seq))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('deletes a message for everyone (its text never sent again), pins one, and audits every action', async () => {
    const staff = await person(tokens.staff);
    const fan = await person(tokens.fan);
    const seq = await post(fan, '消される言葉');
    const pinned = await post(fan, '固定される言葉');
    await deleteMessage(handle.db, staff, seq);
    await pinMessage(handle.db, staff, pinned);
    const events = await eventsAfter(handle.db, live, seq - 1);
    expect(events.map((event) => event.kind)).toEqual(['delete', 'message', 'delete', 'pin']);
    expect(JSON.stringify(events)).not.toContain('消される言葉');
    const state = await stateEvent(handle.db, fan);
    expect(state.messages.map((message) => message.body)).not.toContain('消される言葉');
    expect(state.pinned?.body).toBe('固定される言葉');
    expect(await refusal(pinMessage(handle.db, staff, seq))).toMatchObject({ code: 'CONFLICT' });
    const audit = await handle.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, mio.id), eq(auditLog.targetId, live)));
    expect(audit.map((row) => row.action).sort()).toEqual(
      ['chat.ban', 'chat.delete', 'chat.lift', 'chat.mute', 'chat.pin', 'chat.slow', 'chat.slow'].sort(),
    );
    expect(audit.find((row) => row.action === 'chat.delete')?.before).toMatchObject({ body: '消される言葉' });
  });

  it('takes a report once per member and message, and shows staff the count', async () => {
    const fan = await person(tokens.fan);
    const other = await person(tokens.other);
    const seq = await post(other, '通報される言葉');
    await reportMessage(handle.db, fan, seq);
    await reportMessage(handle.db, fan, seq);
    await reportMessage(handle.db, await person(tokens.staff), seq);
    expect(await reportsOf(handle.db, live)).toEqual([
      expect.objectContaining({ seq, body: '通報される言葉', reports: 2, deleted: false }),
    ]);
    expect(await refusal(reportMessage(handle.db, fan, 999_999))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
