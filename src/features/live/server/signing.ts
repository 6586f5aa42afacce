import { createHash } from 'node:crypto';

/**
 * Signed HLS addresses, checked by the media server's nginx with `secure_link` (decision 0050), so the app is never
 * in the path of a playlist or a segment. The signature and its expiry sit in the path, not the query: the playlist
 * names its segments relatively (`12.ts`), so every segment a player fetches carries the playlist's signature.
 *
 *   /hls/{signature}/{expires}/{viewer}/{kind}/{streamId}/index.m3u8   (and …/{n}.ts)
 *
 * signature = base64url(MD5("{expires}/{viewer}/{kind}/{streamId} {secret}")), nginx's secure_link_md5. MD5 is what
 * nginx offers; with a secret of 32+ random characters and a life of minutes, forging one means a preimage attack.
 */

export const HLS_KINDS = ['live', 'archive'] as const;
export type HlsKind = (typeof HLS_KINDS)[number];

export interface HlsGrant {
  streamId: string;
  kind: HlsKind;
  /** A short tag of the viewer (viewerTag): each viewer's URLs differ, and the media server's log names a leak. */
  viewer: string;
  /** Epoch seconds. */
  expires: number;
}

/** A signed URL lives 10 to 11 minutes (the same for every request within a minute); the player renews it. */
export const HLS_URL_LIFETIME_SECONDS = 600;

export function hlsExpiry(now: Date, notAfter: Date | null = null): number {
  const expires = Math.ceil(now.getTime() / 60_000) * 60 + HLS_URL_LIFETIME_SECONDS;
  if (!notAfter) return expires;
  return Math.min(expires, Math.floor(notAfter.getTime() / 1000));
}

/** 16 hex characters of the viewer on this site; `anon` for a visitor of an item open to everyone. */
export function viewerTag(siteId: string, uid: string | null): string {
  if (!uid) return 'anon';
  return createHash('sha256').update(`live-viewer:${siteId}:${uid}`).digest('hex').slice(0, 16);
}

export function hlsScope(grant: Omit<HlsGrant, 'expires'>): string {
  return `${grant.viewer}/${grant.kind}/${grant.streamId}`;
}

export function hlsSignature(grant: HlsGrant, secret: string): string {
  return createHash('md5')
    .update(`${grant.expires}/${hlsScope(grant)} ${secret}`)
    .digest('base64url');
}

/** The playlist's address below the media server's base URL (LIVE_HLS_URL). */
export function signedPlaylistUrl(baseUrl: string, grant: HlsGrant, secret: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/hls/${hlsSignature(grant, secret)}/${grant.expires}/${hlsScope(grant)}/index.m3u8`;
}
