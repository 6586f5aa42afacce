import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { members, supportMessages, supportThreads } from '@/server/db/schema';
import type { Member } from '@/features/membership';
import { formatMemberNumber } from '@/features/membership/server';
import { notify, notifyStaff } from '@/features/notices/server';
import { assertCan, recordAudit, type StaffActor } from '@/features/staff/server';
import type { Contact } from '@/features/support/schemas';
import { SUBJECT_LABELS, type SupportThreadView } from '@/features/support/types';
import { threadContext } from './context';

/** Who reads a fan's question in the console, and gets its mail (decision 0053). */
const ANSWERING_ROLES = ['owner', 'support'] as const;

type ThreadRow = typeof supportThreads.$inferSelect;

const threadColumns = {
  thread: supportThreads,
  nickname: members.nickname,
  currentNumber: members.memberNumber,
};

function view(
  row: { thread: ThreadRow; nickname: string | null; currentNumber: number | null },
  messages: (typeof supportMessages.$inferSelect)[],
): SupportThreadView {
  const { thread } = row;
  const number = thread.memberNumber ?? row.currentNumber;
  return {
    id: thread.id,
    subject: thread.subject,
    status: thread.status,
    memberId: thread.memberId,
    memberNumber: number === null ? null : formatMemberNumber(number),
    nickname: row.nickname,
    planName: thread.planName,
    fromPath: thread.fromPath,
    paymentRef: thread.paymentRef,
    paymentLabel: thread.paymentLabel,
    ticketId: thread.ticketId,
    ticketLabel: thread.ticketLabel,
    lastMessageAt: thread.lastMessageAt.toISOString(),
    createdAt: thread.createdAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

async function messagesOf(db: Db, threadIds: string[]) {
  if (threadIds.length === 0) return [];
  return db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.threadId, threadIds))
    .orderBy(asc(supportMessages.createdAt));
}

/** A fan's new question, with its context, its first message and the staff's mail, in one transaction. */
export async function openThread(
  db: Db,
  member: Member,
  input: Contact,
  now = new Date(),
): Promise<{ id: string }> {
  if (!member.memberNumber) throw new AppError('FORBIDDEN', '会員登録を完了してからお問い合わせください。');
  const context = await threadContext(db, member, input);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(supportThreads)
      .values({
        siteId: member.siteId,
        memberId: member.id,
        memberNumber: member.memberNumber,
        ...context,
        lastMessageAt: now,
        createdAt: now,
      })
      .returning({ id: supportThreads.id });
    await tx
      .insert(supportMessages)
      .values({ threadId: thread!.id, author: 'member', body: input.body, createdAt: now });
    await notifyStaff(
      tx,
      {
        siteId: member.siteId,
        kind: 'support-request',
        key: `support-request:${thread!.id}:${now.getTime()}`,
        data: {
          threadId: thread!.id,
          memberNumber: formatMemberNumber(member.memberNumber!),
          about: SUBJECT_LABELS[context.subject],
          followUp: false,
        },
      },
      ANSWERING_ROLES,
    );
    return { id: thread!.id };
  });
}

/** The fan's own threads, newest first, with their messages. */
export async function memberThreads(db: Db, member: Member, limit = 20): Promise<SupportThreadView[]> {
  const rows = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(members, eq(members.id, supportThreads.memberId))
    .where(and(eq(supportThreads.memberId, member.id), eq(supportThreads.siteId, member.siteId)))
    .orderBy(desc(supportThreads.lastMessageAt))
    .limit(limit);
  const messages = await messagesOf(
    db,
    rows.map((row) => row.thread.id),
  );
  return rows.map((row) =>
    view(
      row,
      messages.filter((m) => m.threadId === row.thread.id),
    ),
  );
}

/** One thread of the fan's own; another's (or none) is not found. */
export async function memberThread(db: Db, member: Member, id: string): Promise<SupportThreadView> {
  const [row] = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(members, eq(members.id, supportThreads.memberId))
    .where(
      and(
        eq(supportThreads.id, id),
        eq(supportThreads.memberId, member.id),
        eq(supportThreads.siteId, member.siteId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'お問い合わせが見つかりませんでした。');
  return view(row, await messagesOf(db, [id]));
}

/** The fan answers in their thread: it waits for the club again, and the staff get a mail. */
export async function replyAsMember(
  db: Db,
  member: Member,
  id: string,
  body: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .update(supportThreads)
      .set({ status: 'open', lastMessageAt: now })
      .where(
        and(
          eq(supportThreads.id, id),
          eq(supportThreads.memberId, member.id),
          eq(supportThreads.siteId, member.siteId),
        ),
      )
      .returning();
    if (!thread) throw new AppError('NOT_FOUND', 'お問い合わせが見つかりませんでした。');
    await tx.insert(supportMessages).values({ threadId: id, author: 'member', body, createdAt: now });
    await notifyStaff(
      tx,
      {
        siteId: member.siteId,
        kind: 'support-request',
        key: `support-request:${id}:${now.getTime()}`,
        data: {
          threadId: id,
          memberNumber: member.memberNumber ? formatMemberNumber(member.memberNumber) : '',
          about: SUBJECT_LABELS[thread.subject],
          followUp: true,
        },
      },
      ANSWERING_ROLES,
    );
  });
}

/** The console's list: the site's threads, those waiting for an answer first, then the newest. */
export async function staffThreads(db: Db, actor: StaffActor, limit = 100): Promise<SupportThreadView[]> {
  assertCan(actor, 'support:answer');
  const rows = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(members, eq(members.id, supportThreads.memberId))
    .where(eq(supportThreads.siteId, actor.siteId))
    .orderBy(desc(supportThreads.lastMessageAt))
    .limit(limit);
  const waiting = (row: (typeof rows)[number]) => (row.thread.status === 'open' ? 0 : 1);
  return rows.sort((a, b) => waiting(a) - waiting(b)).map((row) => view(row, []));
}

/** One thread of the site, for staff who answer. */
export async function staffThread(db: Db, actor: StaffActor, id: string): Promise<SupportThreadView> {
  assertCan(actor, 'support:answer');
  const [row] = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(members, eq(members.id, supportThreads.memberId))
    .where(and(eq(supportThreads.id, id), eq(supportThreads.siteId, actor.siteId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'お問い合わせが見つかりませんでした。');
  return view(row, await messagesOf(db, [id]));
}

/** Staff answer: the fan gets お知らせ (and its mail); the answer is audited (who, which thread, not its text). */
export async function replyAsStaff(
  db: Db,
  actor: StaffActor,
  id: string,
  body: string,
  now = new Date(),
): Promise<void> {
  assertCan(actor, 'support:answer');
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .update(supportThreads)
      .set({ status: 'answered', lastMessageAt: now })
      .where(and(eq(supportThreads.id, id), eq(supportThreads.siteId, actor.siteId)))
      .returning();
    if (!thread) throw new AppError('NOT_FOUND', 'お問い合わせが見つかりませんでした。');
    const [message] = await tx
      .insert(supportMessages)
      .values({ threadId: id, author: 'staff', staffUid: actor.uid, body, createdAt: now })
      .returning({ id: supportMessages.id });
    await notify(tx, {
      siteId: thread.siteId,
      memberId: thread.memberId,
      kind: 'support-answered',
      key: `support-answered:${message!.id}`,
      data: { threadId: id, about: SUBJECT_LABELS[thread.subject] },
    });
    await recordAudit(tx, actor, {
      action: 'member.support-answer',
      targetType: 'member',
      targetId: thread.memberId,
      before: null,
      after: { threadId: id, messageId: message!.id },
    });
  });
}
