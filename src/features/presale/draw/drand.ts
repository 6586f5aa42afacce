import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex, hexToBytes, sha256 } from './bytes';

/** A drand network: its public key, first round's time and period (https://drand.love, League of Entropy). */
export interface DrandChain {
  /** The chain hash a relay serves it under: `https://api.drand.sh/<hash>/public/<round>`. */
  hash: string;
  /** G2 public key (96 bytes, hex): quicknet signs on G1, scheme bls-unchained-g1-rfc9380. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  periodSeconds: number;
}

/** The League of Entropy's quicknet (mainnet, every 3 s, unchained): the production beacon of fc-draw-v1. */
export const QUICKNET: DrandChain = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  periodSeconds: 3,
};

const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** The first round emitted after `time`: nobody, the club included, can know its randomness at `time`. */
export function drandRoundAfter(time: Date, chain: DrandChain = QUICKNET): number {
  const elapsed = time.getTime() / 1000 - chain.genesisTime;
  return Math.max(1, Math.floor(elapsed / chain.periodSeconds) + 2);
}

/** When a round is emitted (its randomness is public from then on). */
export const drandRoundTime = (round: number, chain: DrandChain = QUICKNET) =>
  new Date((chain.genesisTime + (round - 1) * chain.periodSeconds) * 1000);

/**
 * Checks a drand beacon as fc-draw-v1 uses it: the signature is the network's BLS signature of
 * SHA-256(round as 8 bytes big-endian), and the randomness is SHA-256(signature). Nothing here trusts a relay.
 */
export async function checkDrandBeacon(
  beacon: { round: number; randomness: string; signature?: string | undefined },
  chain: DrandChain = QUICKNET,
): Promise<boolean> {
  if (!beacon.signature || !/^([0-9a-f]{2})+$/.test(beacon.signature)) return false;
  const signature = hexToBytes(beacon.signature);
  if (bytesToHex(await sha256(signature)) !== beacon.randomness) return false;
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(beacon.round));
  const scheme = bls12_381.shortSignatures;
  try {
    return scheme.verify(signature, scheme.hash(await sha256(message), DST), hexToBytes(chain.publicKey));
  } catch {
    // Not a point on the curve: a forged or damaged signature.
    return false;
  }
}
