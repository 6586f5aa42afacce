import { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/features/auth/server';

/** A signed-in member's JSON POST from the site's own origin, as a route handler receives it in a test. */
export function memberPost(url: string, sessionToken: string, body: unknown): NextRequest {
  return new NextRequest(url, {
    method: 'POST',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${sessionToken}`,
    },
    body: JSON.stringify(body),
  });
}
