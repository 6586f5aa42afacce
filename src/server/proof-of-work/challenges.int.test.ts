import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spentChallenges } from '@/server/db/schema';
import { spendProof, PROOF_OF_WORK } from '@/server/proof-of-work/challenges';
import { createTestDb } from '@/test/db';
import { quickProof } from '@/test/proof';

/** Spending a sign-up proof of work on a real database (PGlite, and PostgreSQL in the second pass). */
let handle: Awaited<ReturnType<typeof createTestDb>>;
const SITE = '7d0d3f9e-2f0a-4c55-9a53-5a4d1c9d0001';

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.drop());

describe('spending a proof', () => {
  it('accepts a solution once; its second use is refused as reused', async () => {
    const proof = await quickProof(SITE);
    expect(await spendProof(handle.db, proof, SITE)).toBe('verified');
    expect(await spendProof(handle.db, proof, SITE)).toBe('reused');
    // Another challenge is another proof.
    expect(await spendProof(handle.db, await quickProof(SITE), SITE)).toBe('verified');
  });

  it('lets exactly one of many simultaneous uses of one solution through', async () => {
    const proof = await quickProof(SITE);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => spendProof(handle.db, proof, SITE)));
    expect(outcomes.filter((outcome) => outcome === 'verified')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'reused')).toHaveLength(7);
  });

  it('writes nothing for a proof that is wrong, expired or missing', async () => {
    const before = (await handle.db.select().from(spentChallenges)).length;
    const longAgo = new Date(Date.now() - (PROOF_OF_WORK.expiresInSeconds + 5) * 1000);
    expect(await spendProof(handle.db, await quickProof(SITE, { now: longAgo }), SITE)).toBe('expired');
    expect(await spendProof(handle.db, undefined, SITE)).toBe('missing');
    expect(await spendProof(handle.db, 'bm9wZQ==', SITE)).toBe('malformed');
    expect((await handle.db.select().from(spentChallenges)).length).toBe(before);
  });

  it('keeps a spent challenge until it expires (and a minute more), then drops it', async () => {
    await handle.db.insert(spentChallenges).values([
      { signature: 'long-expired', expiresAt: new Date(Date.now() - 5 * 60_000) },
      { signature: 'just-expired', expiresAt: new Date(Date.now() - 10_000) },
    ]);
    expect(await spendProof(handle.db, await quickProof(SITE), SITE)).toBe('verified');
    const kept = (await handle.db.select().from(spentChallenges)).map((row) => row.signature);
    expect(kept).not.toContain('long-expired');
    expect(kept).toContain('just-expired');
  });
});
