import 'server-only';
import type { NextResponse } from 'next/server';

/**
 * The session cookie. `__Host-` makes the browser refuse it unless it is Secure, host-only and on path /, so a
 * sibling subdomain can neither set nor read it; browsers accept Secure cookies on http://localhost too.
 */
export const SESSION_COOKIE = '__Host-fc_session';

export function setSessionCookie(response: NextResponse, token: string, expiresAt: Date): void {
  response.cookies.set({
    name: SESSION_COOKIE,
    value: token,
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 0,
  });
}
