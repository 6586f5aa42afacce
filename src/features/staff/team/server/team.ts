import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { staffMembers } from '@/server/db/schema';
import type { StaffRole } from '@/features/staff/roles';
import { assertCan, type StaffActor } from '@/features/staff/server/actor';
import { recordAudit } from '@/features/staff/server/audit';
import type { AddStaffValues } from '@/features/staff/team/schemas';

export type StaffMemberRow = typeof staffMembers.$inferSelect;

/** An account of the site's tenant as the identity provider knows it. */
export interface TenantAccount {
  uid: string;
  email: string;
  displayName: string | null;
}

/** Finds the account with this e-mail in the site's own tenant (never another site's), or null. */
export type AccountLookup = (email: string) => Promise<TenantAccount | null>;

export const ACCOUNT_NOT_FOUND =
  'このメールアドレスのアカウントが見つかりません。先にこのサイトでアカウントを作成してもらってください。';

const ROLE_RANK: Record<StaffRole, number> = { owner: 0, editor: 1, support: 2, door: 3 };

const auditView = (row: Pick<StaffMemberRow, 'email' | 'displayName' | 'role'>) => ({
  email: row.email,
  displayName: row.displayName,
  role: row.role,
});

/** The site's staff, owners first. */
export async function listStaff(db: Db, actor: StaffActor): Promise<StaffMemberRow[]> {
  assertCan(actor, 'staff:manage');
  const rows = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.siteId, actor.siteId))
    .orderBy(asc(staffMembers.createdAt), asc(staffMembers.email));
  return rows.sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role]);
}

/**
 * Gives an existing account of the site's tenant a staff role. The account must exist (staff sign in like
 * everyone else); someone who is already staff is 409 (change their role instead).
 */
export async function addStaff(
  db: Db,
  actor: StaffActor,
  values: AddStaffValues,
  lookup: AccountLookup,
): Promise<StaffMemberRow> {
  assertCan(actor, 'staff:manage');
  const account = await lookup(values.email);
  if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(staffMembers)
      .values({
        siteId: actor.siteId,
        uid: account.uid,
        email: account.email,
        displayName: account.displayName?.trim() || account.email.split('@')[0]!,
        role: values.role,
      })
      .onConflictDoNothing()
      .returning();
    if (!added)
      throw new AppError(
        'CONFLICT',
        'このアカウントはすでにスタッフです。役割を変更する場合は一覧から変更してください。',
      );
    await recordAudit(tx, actor, {
      action: 'staff.add',
      targetType: 'staff',
      targetId: added.uid,
      before: null,
      after: auditView(added),
    });
    return added;
  });
}

/**
 * Locks the site's owners and the target, in the same order every time, so that two owners demoting or removing
 * each other at once cannot leave the site without one. A staff member of another site is NOT_FOUND.
 */
async function lockForChange(
  tx: Db,
  actor: StaffActor,
  uid: string,
): Promise<{ target: StaffMemberRow; owners: number }> {
  const locked = await tx
    .select()
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.siteId, actor.siteId),
        sql`(${staffMembers.role} = 'owner' OR ${staffMembers.uid} = ${uid})`,
      ),
    )
    .orderBy(asc(staffMembers.uid))
    .for('update');
  const target = locked.find((row) => row.uid === uid);
  if (!target) throw new AppError('NOT_FOUND', 'スタッフが見つかりません。');
  return { target, owners: locked.filter((row) => row.role === 'owner').length };
}

const LAST_OWNER =
  'オーナーが1人もいなくなるため、この操作はできません。先に別のスタッフをオーナーにしてください。';

/** Changes a staff member's role; the last owner cannot be demoted. Setting the same role changes nothing. */
export async function changeStaffRole(
  db: Db,
  actor: StaffActor,
  uid: string,
  role: StaffRole,
): Promise<StaffMemberRow> {
  assertCan(actor, 'staff:manage');
  return db.transaction(async (tx) => {
    const { target, owners } = await lockForChange(tx, actor, uid);
    if (target.role === role) return target;
    if (target.role === 'owner' && owners <= 1) throw new AppError('CONFLICT', LAST_OWNER);
    const [changed] = await tx
      .update(staffMembers)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(staffMembers.siteId, actor.siteId), eq(staffMembers.uid, uid)))
      .returning();
    await recordAudit(tx, actor, {
      action: 'staff.role',
      targetType: 'staff',
      targetId: uid,
      before: auditView(target),
      after: auditView(changed!),
    });
    return changed!;
  });
}

/**
 * Takes the staff role away: the account stays (it may be a member too), and its next request is refused, as
 * roles are read on every request. The last owner cannot be removed.
 */
export async function removeStaff(db: Db, actor: StaffActor, uid: string): Promise<void> {
  assertCan(actor, 'staff:manage');
  await db.transaction(async (tx) => {
    const { target, owners } = await lockForChange(tx, actor, uid);
    if (target.role === 'owner' && owners <= 1) throw new AppError('CONFLICT', LAST_OWNER);
    await tx
      .delete(staffMembers)
      .where(and(eq(staffMembers.siteId, actor.siteId), eq(staffMembers.uid, uid)));
    await recordAudit(tx, actor, {
      action: 'staff.remove',
      targetType: 'staff',
      targetId: uid,
      before: auditView(target),
      after: null,
    });
  });
}
