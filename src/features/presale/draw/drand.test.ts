import { describe, expect, it } from 'vitest';
import { checkDrandBeacon, drandRoundAfter, drandRoundTime, QUICKNET } from './drand';

// quicknet round 657413 as the League of Entropy published it (https://api.drand.sh/<quicknet>/public/657413).
const ROUND = {
  round: 657413,
  signature:
    'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
  randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
};

describe('drand quicknet beacon', () => {
  it('accepts a published round and refuses another round, a changed byte or a randomness not from it', async () => {
    expect(await checkDrandBeacon(ROUND)).toBe(true);
    expect(await checkDrandBeacon({ ...ROUND, round: ROUND.round + 1 })).toBe(false);
    const flipped = `${ROUND.signature.slice(0, 40)}${ROUND.signature[40] === '0' ? '1' : '0'}${ROUND.signature.slice(41)}`;
    expect(await checkDrandBeacon({ ...ROUND, signature: flipped })).toBe(false);
    expect(await checkDrandBeacon({ ...ROUND, randomness: 'ff'.repeat(32) })).toBe(false);
    expect(await checkDrandBeacon({ round: ROUND.round, randomness: ROUND.randomness })).toBe(false);
  });

  it('fixes a round emitted only after the given time', () => {
    const close = new Date('2026-12-08T14:59:00Z');
    const round = drandRoundAfter(close);
    expect(drandRoundTime(round).getTime()).toBeGreaterThan(close.getTime());
    expect(drandRoundTime(round - 1).getTime()).toBeLessThanOrEqual(close.getTime());
    expect(drandRoundTime(1).getTime()).toBe(QUICKNET.genesisTime * 1000);
  });
});
