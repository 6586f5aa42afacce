import 'server-only';

/**
 * The session cookie. `__Host-` makes the browser refuse it unless it is Secure, host-only and on path /, so a
 * sibling subdomain can neither set nor read it; browsers accept Secure cookies on http://localhost too.
 */
export const SESSION_COOKIE = '__Host-fc_session';

/** The session cookie's value in a Cookie header, if the request carries one. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim();
  }
  return null;
}

/** `Set-Cookie` for the session: never readable by scripts, sent only over HTTPS, kept off cross-site POSTs. */
function sessionCookie(value: string, lifetime: string): string {
  return `${SESSION_COOKIE}=${value}; Path=/; ${lifetime}; HttpOnly; Secure; SameSite=Lax`;
}

export function setSessionCookie(response: Response, token: string, expiresAt: Date): void {
  response.headers.append('Set-Cookie', sessionCookie(token, `Expires=${expiresAt.toUTCString()}`));
}

export function clearSessionCookie(response: Response): void {
  response.headers.append('Set-Cookie', sessionCookie('', 'Max-Age=0'));
}
