import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import type { Site } from '@/features/site';
import { ensureMember, type Member } from '@/features/membership/server';
import { agreesToCurrent } from '@/features/consent/versions';
import type { ConsentAgreement } from '@/features/auth';
import { currentVersions } from '@/features/consent/server/current';

/**
 * Records that the account agreed to these versions, now: on its member row (made here at sign-up, before any
 * other step). Refused with CONSENT_OUTDATED, writing nothing, when they are not the current ones: the person read
 * an older page. The versions are share-locked for the transaction, so a version published meanwhile comes after.
 */
export async function recordConsent(
  db: Db,
  site: Site,
  account: { uid: string; email: string | null },
  agreement: ConsentAgreement,
): Promise<Member> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const current = await currentVersions(tx, site, { lock: true });
    if (!agreesToCurrent(current, agreement)) throw new AppError('CONSENT_OUTDATED');
    const member = await ensureMember(tx, site.id, account.uid, account.email);
    const [updated] = await tx
      .update(members)
      .set({
        termsVersion: agreement.terms,
        privacyVersion: agreement.privacy,
        consentedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(members.siteId, site.id), eq(members.id, member.id)))
      .returning();
    return updated!;
  });
}
