import type { NextRequest } from 'next/server';
import { jsonError, jsonFromError, jsonOk } from '@/server/http/responses';
import { issueChallenge } from '@/server/proof-of-work/challenges';
import { getSite } from '@/features/site/app';

type Context = { params: Promise<{ host: string }> };

/**
 * GET /api/signup/challenge: a proof-of-work challenge (ALTCHA), which the browser solves before it opens the session
 * of an account the site does not know yet (docs/decisions/0024). A new one on every request, never stored.
 */
export async function GET(_request: NextRequest, context: Context) {
  try {
    const site = await getSite((await context.params).host);
    if (!site) return jsonError('NOT_FOUND');
    return jsonOk(await issueChallenge(site.id));
  } catch (error) {
    return jsonFromError(error);
  }
}
