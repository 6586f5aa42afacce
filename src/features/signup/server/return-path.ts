import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import { returnPathOf } from '@/features/signup/return-path';

/**
 * Keeps the page that made the fan join with their sign-up progress (the member row), from the `next` of the step's
 * request: a closed browser, another device or a later day still ends at that page. Nothing else is changed; a
 * `next` that is not a page of this site is ignored rather than refused (it is a convenience, not input).
 */
export async function rememberReturnPath(
  db: Db,
  siteId: string,
  memberId: string,
  next: string | null,
): Promise<void> {
  const path = returnPathOf(next);
  if (!path) return;
  await db
    .update(members)
    .set({ signupReturnPath: path })
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
}
