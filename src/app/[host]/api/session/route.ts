import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { firebaseIdentity } from '@/features/auth/server';
import { consentAtSignUp } from '@/features/consent/server';
import { createSessionFromToken, endSessions, readSession, type SessionHandler } from '@/features/auth/app';

type Context = { params: Promise<{ host: string }> };

function route(handler: SessionHandler) {
  return async (request: NextRequest, context: Context) => {
    try {
      const site = await getSite((await context.params).host);
      if (!site) return jsonError('NOT_FOUND');
      return await handler(request, site, {
        db: await getDb(),
        identity: firebaseIdentity,
        consent: consentAtSignUp,
      });
    } catch (error) {
      return jsonFromError(error);
    }
  };
}

export const GET = route(readSession);
export const POST = route(createSessionFromToken);
export const DELETE = route(endSessions);
