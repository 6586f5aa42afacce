import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { decodeProof, encodeProof, type ProofPayload } from '@/lib/proof-of-work';
import { checkProof, issueChallenge, PROOF_OF_WORK } from '@/server/proof-of-work/challenges';
import { solveProof } from '@/server/proof-of-work/solve';
import { quickProof } from '@/test/proof';

/** The check of a sign-up proof of work (docs/decisions/0024), without the database: see challenges.int.test.ts. */
const SITE = '7d0d3f9e-2f0a-4c55-9a53-5a4d1c9d0001';
const OTHER_SITE = '7d0d3f9e-2f0a-4c55-9a53-5a4d1c9d0002';

const payloadOf = (proof: string) => decodeProof(proof) as ProofPayload;

describe('a sign-up challenge', () => {
  it('is signed, bound to the site, expires in ten minutes, and hides its counter within the bounds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const challenge = await issueChallenge(SITE);
    const { parameters } = challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: PROOF_OF_WORK.cost,
      data: { site: SITE },
    });
    expect(parameters.expiresAt! - before).toBeGreaterThanOrEqual(PROOF_OF_WORK.expiresInSeconds - 1);
    expect(parameters.expiresAt! - before).toBeLessThanOrEqual(PROOF_OF_WORK.expiresInSeconds + 1);
    // The counter itself is nowhere in what the browser gets; solving finds it, within the bounds.
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(PROOF_OF_WORK.counterMin);
    expect(solution!.counter).toBeLessThanOrEqual(PROOF_OF_WORK.counterMax);
    expect(JSON.stringify(challenge)).not.toContain(`"counter"`);
  });
});

describe('checking a proof', () => {
  it('accepts a real challenge solved as a browser solves it', async () => {
    const proof = await solveProof(await issueChallenge(SITE));
    const checked = await checkProof(proof, SITE);
    expect(checked.outcome).toBe('verified');
    expect(checked.signature).toBe(payloadOf(proof).challenge.signature);
    expect(checked.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong solution: another counter, another key, or no work done', async () => {
    const { challenge, solution } = payloadOf(await quickProof(SITE));
    const wrongCounter = encodeProof({ challenge, solution: { ...solution, counter: solution.counter + 1 } });
    expect((await checkProof(wrongCounter, SITE)).outcome).toBe('invalid');
    const wrongKey = encodeProof({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } });
    expect((await checkProof(wrongKey, SITE)).outcome).toBe('invalid');
  });

  it('refuses a challenge whose parameters were changed (an easier prefix, a later expiry) or not signed by us', async () => {
    const { challenge, solution } = payloadOf(await quickProof(SITE));
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    expect((await checkProof(encodeProof({ challenge: easier, solution }), SITE)).outcome).toBe('invalid');
    const later = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
    };
    expect((await checkProof(encodeProof({ challenge: later, solution }), SITE)).outcome).toBe('invalid');
    const forged = { ...challenge, signature: 'ab'.repeat(32) };
    expect((await checkProof(encodeProof({ challenge: forged, solution }), SITE)).outcome).toBe('invalid');
  });

  it('refuses an expired challenge, even solved right', async () => {
    const issuedLongAgo = new Date(Date.now() - (PROOF_OF_WORK.expiresInSeconds + 5) * 1000);
    const proof = await quickProof(SITE, { now: issuedLongAgo });
    expect((await checkProof(proof, SITE)).outcome).toBe('expired');
  });

  it("refuses another site's challenge", async () => {
    expect((await checkProof(await quickProof(OTHER_SITE), SITE)).outcome).toBe('other-site');
  });

  it('tells a missing proof from a malformed one', async () => {
    expect((await checkProof(undefined, SITE)).outcome).toBe('missing');
    expect((await checkProof('', SITE)).outcome).toBe('missing');
    for (const junk of ['not base64 at all!', btoa('{"challenge":1}'), btoa('[]'), 'A'.repeat(5000)]) {
      expect((await checkProof(junk, SITE)).outcome).toBe('malformed');
    }
  });
});
