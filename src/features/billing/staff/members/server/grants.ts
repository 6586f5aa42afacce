import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { complimentaryGrants } from '@/server/db/schema';
import { assertCan } from '@/features/staff/server';
import type { StaffActor } from '@/features/staff';
import { recordAudit } from '@/features/staff/server';
import { grantSchema, MAX_GRANT_DAYS } from '@/features/billing/staff/members/schemas';
import { addDaysJst, grantEndsAt, isoDateJst } from '@/features/billing/staff/members/dates';
import { isUuid } from '@/lib/uuid';
import { memberOfSite } from '@/features/billing/staff/members/server/find';

const NO_GRANT = 'この無償付与は見つかりませんでした。';

export type Grant = typeof complimentaryGrants.$inferSelect;
export type GrantResult =
  { ok: true; grant: Grant } | { ok: false; issues: { path: string[]; message: string }[] };

const invalid = (message: string): GrantResult => ({ ok: false, issues: [{ path: ['endsOn'], message }] });

/** The end date as typed: a real calendar day after today and at most two years ahead (Japan time, billing clock). */
function checkEndsOn(endsOn: string, now: Date): string | null {
  const endsAt = grantEndsAt(endsOn);
  if (Number.isNaN(endsAt.getTime()) || isoDateJst(new Date(endsAt.getTime() - 1)) !== endsOn) {
    return '終了日を正しい日付で入力してください。';
  }
  if (endsOn <= isoDateJst(now)) return '終了日は明日以降の日付を指定してください。';
  if (endsOn > addDaysJst(now, MAX_GRANT_DAYS - 1)) return '終了日は2年以内の日付を指定してください。';
  return null;
}

const grantFacts = (grant: Grant) => ({
  id: grant.id,
  endsAt: grant.endsAt.toISOString(),
  revokedAt: grant.revokedAt?.toISOString() ?? null,
});

/**
 * Gives the member premium until the end of `endsOn` (Japan time), without payment. The member's pages are
 * rendered per request, so their next page view is premium. Another running grant stays as it is: the longer one
 * wins, and each can be revoked on its own.
 */
export async function grantComplimentary(
  db: Db,
  actor: StaffActor,
  memberId: string,
  body: unknown,
  now: Date,
): Promise<GrantResult> {
  assertCan(actor, 'members:grant');
  const member = await memberOfSite(db, actor, memberId);
  const parsed = grantSchema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    };
  }
  const problem = checkEndsOn(parsed.data.endsOn, now);
  if (problem) return invalid(problem);
  const grant = await db.transaction(async (tx) => {
    const running = await tx
      .select()
      .from(complimentaryGrants)
      .where(
        and(
          eq(complimentaryGrants.memberId, member.id),
          isNull(complimentaryGrants.revokedAt),
          gt(complimentaryGrants.endsAt, now),
        ),
      );
    const [created] = await tx
      .insert(complimentaryGrants)
      .values({
        siteId: actor.siteId,
        memberId: member.id,
        endsAt: grantEndsAt(parsed.data.endsOn),
        grantedBy: actor.uid,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'member.grant',
      targetType: 'member',
      targetId: member.id,
      before: { runningGrants: running.map(grantFacts) },
      after: { grant: grantFacts(created!), endsOn: parsed.data.endsOn },
    });
    return created!;
  });
  return { ok: true, grant };
}

/** Ends a running grant now. A grant already revoked or over is a conflict; another member's or site's is not found. */
export async function revokeGrant(
  db: Db,
  actor: StaffActor,
  memberId: string,
  grantId: string,
  now: Date,
): Promise<Grant> {
  assertCan(actor, 'members:grant');
  const member = await memberOfSite(db, actor, memberId);
  if (!isUuid(grantId)) throw new AppError('NOT_FOUND', NO_GRANT);
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .select()
      .from(complimentaryGrants)
      .where(
        and(
          eq(complimentaryGrants.id, grantId),
          eq(complimentaryGrants.memberId, member.id),
          eq(complimentaryGrants.siteId, actor.siteId),
        ),
      )
      .for('update');
    if (!grant) throw new AppError('NOT_FOUND', NO_GRANT);
    if (grant.revokedAt !== null || grant.endsAt <= now) {
      throw new AppError('CONFLICT', 'この無償付与はすでに終了しています。');
    }
    const [revoked] = await tx
      .update(complimentaryGrants)
      .set({ revokedAt: now })
      .where(eq(complimentaryGrants.id, grant.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'member.revoke_grant',
      targetType: 'member',
      targetId: member.id,
      before: { grant: grantFacts(grant) },
      after: { grant: grantFacts(revoked!) },
    });
    return revoked!;
  });
}
