import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/uuid';
import type { Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import type { StaffActor } from '@/features/staff';

/** A member of the actor's site; anything else (another site's member, a malformed id) is NOT_FOUND. */
export async function memberOfSite(db: Db, actor: StaffActor, memberId: string) {
  if (!isUuid(memberId)) throw new AppError('NOT_FOUND');
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.siteId, actor.siteId)))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}
