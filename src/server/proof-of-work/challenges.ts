import 'server-only';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { decodeProof, PROOF_MAX_LENGTH } from '@/lib/proof-of-work';
import { env } from '@/server/env';
import type { Db } from '@/server/db/client';
import { spentChallenges } from '@/server/db/schema';

/**
 * The sign-up's proof of work (docs/decisions/0024), with altcha-lib: the server issues a signed challenge, the
 * browser finds the counter whose PBKDF2 key starts with the challenge's prefix, and the server checks the answer and
 * keeps its signature until the challenge expires, so that each solution opens one account.
 *
 * The server picks the counter (altcha-lib's deterministic mode): every challenge costs the same work, PBKDF2 of
 * `cost` rounds for each counter from 0 up to it, between COUNTER_MIN and COUNTER_MAX. Measured in the decision:
 * about 0.1 s in Chromium on the development machine, a few tenths on a phone, while the person types.
 */
export const PROOF_OF_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 100,
  counterMax: 300,
  /** A challenge is good this long after it was issued: a person fills the account form well within it. */
  expiresInSeconds: 600,
} as const;

/** A spent challenge's row is kept a minute past its expiry: instances whose clocks differ a little agree. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * A new challenge for a browser on this site. `counter` is for tests only, which want one solved at once.
 */
export async function issueChallenge(
  siteId: string,
  options: { now?: Date; counter?: number } = {},
): Promise<Challenge> {
  const now = options.now ?? new Date();
  return createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter: options.counter ?? randomInt(PROOF_OF_WORK.counterMax, PROOF_OF_WORK.counterMin),
    deriveKey,
    // Bound to the site: a solution is good where its challenge was issued.
    data: { site: siteId },
    expiresAt: new Date(now.getTime() + PROOF_OF_WORK.expiresInSeconds * 1000),
    hmacSignatureSecret: env.ALTCHA_HMAC_KEY,
  });
}

const hex = (max: number) =>
  z
    .string()
    .regex(/^(?:[0-9a-f]{2})+$/)
    .max(max);

/** The payload as this server issues challenges: anything else cannot carry a valid signature anyway. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(PROOF_OF_WORK.algorithm),
      nonce: hex(64),
      salt: hex(64),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex(128),
      expiresAt: z.number().int().positive(),
      data: z.object({ site: z.string().max(64) }),
    }),
    signature: hex(128),
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffff_ffff),
    derivedKey: hex(128),
  }),
});

export type ProofOutcome =
  'verified' | 'missing' | 'malformed' | 'other-site' | 'expired' | 'invalid' | 'reused';

/**
 * Checks a proof without spending it: its challenge signed with this server's key, for this site, unexpired, and the
 * solution right. The signature is the challenge's id.
 */
export async function checkProof(
  proof: string | undefined,
  siteId: string,
): Promise<{ outcome: Exclude<ProofOutcome, 'reused'>; signature?: string; expiresAt?: Date }> {
  if (!proof) return { outcome: 'missing' };
  if (proof.length > PROOF_MAX_LENGTH) return { outcome: 'malformed' };
  const parsed = payloadSchema.safeParse(decodeProof(proof));
  if (!parsed.success) return { outcome: 'malformed' };
  const { challenge, solution } = parsed.data;
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: env.ALTCHA_HMAC_KEY,
  });
  if (result.expired) return { outcome: 'expired' };
  if (!result.verified) return { outcome: 'invalid' };
  // Signed by us, so the site is the one we wrote: checked after the signature, whose check it needs.
  if (challenge.parameters.data.site !== siteId) return { outcome: 'other-site' };
  return {
    outcome: 'verified',
    signature: challenge.signature,
    expiresAt: new Date(challenge.parameters.expiresAt * 1000),
  };
}

/**
 * Checks a proof and spends it: 'verified' once for each challenge, 'reused' for a second use however many instances
 * serve the site (one insert on the challenge's signature decides). Spent challenges past their expiry are dropped.
 */
export async function spendProof(db: Db, proof: string | undefined, siteId: string): Promise<ProofOutcome> {
  const checked = await checkProof(proof, siteId);
  if (checked.outcome !== 'verified') return checked.outcome;
  const inserted = await db
    .insert(spentChallenges)
    .values({ signature: checked.signature!, expiresAt: checked.expiresAt! })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  if (inserted.length === 0) return 'reused';
  await db
    .delete(spentChallenges)
    .where(lt(spentChallenges.expiresAt, new Date(Date.now() - CLOCK_MARGIN_MS)));
  return 'verified';
}
