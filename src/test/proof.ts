import { issueChallenge } from '@/server/proof-of-work/challenges';
import { solveProof } from '@/server/proof-of-work/solve';

/**
 * A solved sign-up challenge for the site, issued with the answer at counter 0 so that the test does not spend the
 * real work; verified exactly like a real one (the difficulty is in the signed challenge, not in the check).
 */
export async function quickProof(siteId: string, options: { now?: Date } = {}): Promise<string> {
  return solveProof(await issueChallenge(siteId, { ...options, counter: 0 }));
}
