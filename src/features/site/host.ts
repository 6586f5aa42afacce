const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** True for a lower-case host name without port, e.g. "fc.example.jp" or "second.localhost". */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => HOST_LABEL.test(label));
}

/**
 * The site key of a request's Host header: lower-cased, without port or trailing dot. Returns null for a missing or
 * malformed header, so that it can never match a site by accident.
 */
export function normalizeHost(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    // IPv6 literals are never a site's host name.
    return null;
  }
  const withoutPort = value.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  return isValidHost(withoutPort) ? withoutPort : null;
}
