import 'server-only';
import type { NextRequest } from 'next/server';
import { getSite } from '@/features/site/app';
import { memberAnswer, type MemberPostOptions, type MemberRequest } from './member-api';

/** A Next.js route handler framed by `memberAnswer` (member-api.ts), on the route's site. */
export function memberPost<P extends { host: string }>(
  handler: (input: MemberRequest<P>) => Promise<Response>,
  options: MemberPostOptions = {},
) {
  const answer = memberAnswer(handler, options);
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const params = await context.params;
    return answer(request, await getSite(params.host), params);
  };
}
