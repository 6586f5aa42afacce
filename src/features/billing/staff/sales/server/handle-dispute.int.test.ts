import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, paymentDisputes } from '@/server/db/schema';
import { isAppError } from '@/lib/errors';
import { upsertSite, type Site } from '@/features/site/server';
import { actorOf } from '@/features/staff/testing';
import { handleDisputeSchema, markDisputeHandled } from './handle-dispute';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let second: Site;
const at = new Date('2026-11-20T03:00:00Z');

async function dispute(siteId: string, key: string) {
  const [row] = await handle.db
    .insert(paymentDisputes)
    .values({
      siteId,
      provider: 'sandbox',
      providerDisputeId: `dp_${key}`,
      purpose: 'presale',
      amountYen: 8800,
      reason: 'fraudulent',
      status: 'lost',
      providerStatus: 'lost',
      openedAt: new Date('2026-11-10T03:00:00Z'),
    })
    .returning();
  return row!;
}

const statusOf = (error: unknown) => (isAppError(error) ? error.status : error);

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
});
afterAll(async () => handle?.drop());

describe('markDisputeHandled', () => {
  it('writes down once what the owner did, with who and when, in the audit log too', async () => {
    const row = await dispute(site.id, 'once');
    const owner = actorOf(site.id, 'owner');
    // Two owners (or a double click) at once: one mark, the other is told it is already handled.
    const outcomes = await Promise.allSettled([
      markDisputeHandled(handle.db, owner, row.id, '会員に連絡し、チケットを取り消した', at),
      markDisputeHandled(handle.db, owner, row.id, '二度目', at),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(statusOf(refused?.reason)).toBe(409);
    const [stored] = await handle.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, row.id));
    expect(stored).toMatchObject({ handledAt: at, handledBy: owner.email, status: 'lost' });
    expect(['会員に連絡し、チケットを取り消した', '二度目']).toContain(stored!.handledNote);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.handled'), eq(auditLog.targetId, row.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ note: stored!.handledNote, amountYen: 8800 });
  });

  it("is the owner's alone, and never reaches another site's dispute", async () => {
    const row = await dispute(site.id, 'roles');
    for (const role of ['support', 'editor', 'door'] as const) {
      const error = await markDisputeHandled(handle.db, actorOf(site.id, role), row.id, 'x', at).catch(
        (caught: unknown) => caught,
      );
      expect(statusOf(error), role).toBe(403);
    }
    const other = await dispute(second.id, 'other-site');
    const error = await markDisputeHandled(handle.db, actorOf(site.id, 'owner'), other.id, 'x', at).catch(
      (caught: unknown) => caught,
    );
    expect(statusOf(error)).toBe(404);
    const [untouched] = await handle.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.id, other.id));
    expect(untouched!.handledAt).toBeNull();
    expect(
      statusOf(
        await markDisputeHandled(handle.db, actorOf(site.id, 'owner'), 'nope', 'x', at).catch(
          (e: unknown) => e,
        ),
      ),
    ).toBe(404);
  });

  it('asks for what was done, in Japanese, within 500 characters', () => {
    expect(handleDisputeSchema.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe(
      '対応の内容を入力してください。',
    );
    expect(handleDisputeSchema.safeParse({ note: 'あ'.repeat(501) }).success).toBe(false);
    expect(handleDisputeSchema.safeParse({ note: '返金した' }).success).toBe(true);
  });
});
