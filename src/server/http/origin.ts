import 'server-only';

/**
 * Whether a state-changing request comes from a page of the same origin. Browsers send Origin on every POST, PUT,
 * PATCH and DELETE, so a missing one is refused too. SameSite=Lax already keeps the cookie off cross-site POSTs;
 * this check also covers sibling subdomains, which count as same-site.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('host');
  if (!origin || !host || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
