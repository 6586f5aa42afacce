import 'server-only';
import type { Db } from '@/server/db/client';
import { and, eq, inArray } from 'drizzle-orm';
import { notices, staffMembers } from '@/server/db/schema';
import type { NoticeData, NoticeKind } from '@/features/notices/templates';

export interface NoticeInput<K extends NoticeKind> {
  siteId: string;
  memberId: string;
  kind: K;
  /**
   * Names the cause once, e.g. `payment:sub_1:2026-12-01`: the same cause written again (a redelivered event, a
   * retried request) adds nothing. Unique per site.
   */
  key: string;
  data: NoticeData<K>;
}

/**
 * Writes a notice (the inbox row and its mail's job) with the caller's transaction: pass the `tx` of the change
 * that causes it, so that both commit or neither does. Answers whether it was new.
 */
export async function notify<K extends NoticeKind>(tx: Db, input: NoticeInput<K>): Promise<boolean> {
  return (await notifyMany(tx, [input])) > 0;
}

/** Rows per insert: a few thousand parameters, far under PostgreSQL's 65,535 bind parameters. */
const BATCH = 1_000;

/**
 * notify for many at once (a presale's results go to every entrant): the same rows and the same refusal of a key
 * written before, in one statement per thousand instead of one per notice. Answers how many were new.
 */
export async function notifyMany<K extends NoticeKind>(tx: Db, inputs: NoticeInput<K>[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < inputs.length; start += BATCH) {
    const rows = await tx
      .insert(notices)
      .values(
        inputs.slice(start, start + BATCH).map((input) => ({
          siteId: input.siteId,
          memberId: input.memberId,
          kind: input.kind,
          deliveryKey: input.key,
          data: input.data as unknown as Record<string, unknown>,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: notices.id });
    added += rows.length;
  }
  return added;
}

/**
 * A mail to each owner of the site (their staff address), through the same outbox, in the caller's transaction: what
 * the club must know of its money (a dispute, docs/decisions/0047). No member's inbox shows it. `key` names the cause
 * once, as for notify; each owner's copy is keyed by their address.
 */
export async function notifyOwners<K extends NoticeKind>(
  tx: Db,
  input: Omit<NoticeInput<K>, 'memberId'>,
): Promise<number> {
  return notifyStaff(tx, input, ['owner']);
}

/** notifyOwners for the staff of these roles (a fan's question goes to owners and support, decision 0053). */
export async function notifyStaff<K extends NoticeKind>(
  tx: Db,
  input: Omit<NoticeInput<K>, 'memberId'>,
  roles: readonly (typeof staffMembers.$inferSelect)['role'][],
): Promise<number> {
  const owners = await tx
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(and(eq(staffMembers.siteId, input.siteId), inArray(staffMembers.role, [...roles])));
  if (owners.length === 0) return 0;
  const rows = await tx
    .insert(notices)
    .values(
      owners.map((owner) => ({
        siteId: input.siteId,
        memberId: null,
        toAddress: owner.email,
        kind: input.kind,
        deliveryKey: `${input.key}:${owner.email}`,
        data: input.data as unknown as Record<string, unknown>,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notices.id });
  return rows.length;
}
