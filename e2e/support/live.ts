import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import type { SiteSlug } from './auth';
import { cookieHeader, DATA_DIR, demoItem, siteGet, siteTarget } from './content';

/**
 * Live streams for the specs (features/live, decision 0050): the demo's live items, the player's source API as any
 * persona gets it, and the media server's addresses (the e2e server's own, on E2E_PORT + 90 for HLS and + 91 for
 * RTMP, see playwright.config.ts).
 */

export const LIVE_HTTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 90;
export const MEDIA_URL = `http://localhost:${LIVE_HTTP_PORT}`;

/** The demo's archived stream and the scheduled one a spec takes live (demo/content/mio.json). */
export const ARCHIVED = demoItem('mio', 'movie-06');
export const SCHEDULED = demoItem('mio', 'movie-07');

export function liveUrlSecret(): string {
  return readFileSync(path.join(DATA_DIR, 'live-url-secret'), 'utf8').trim();
}

/** The id of a published item of the site, found by its title in its section's list API. */
export async function itemIdByTitle(
  api: APIRequestContext,
  slug: SiteSlug,
  section: string,
  title: string,
): Promise<string> {
  let cursor = '';
  for (let page = 0; page < 10; page += 1) {
    const answer = await siteGet(api, siteTarget(slug), `/api/content/${section}${cursor}`);
    const body = (await answer.json()) as {
      items: { id: string; title: string }[];
      nextCursor: string | null;
    };
    const found = body.items.find((item) => item.title === title);
    if (found) return found.id;
    if (!body.nextCursor) break;
    cursor = `?cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  throw new Error(`no item "${title}" in ${slug}'s ${section}`);
}

export interface SourceAnswer {
  status: number;
  text: string;
  url: string | null;
  state: string | null;
}

/** GET /api/live/{itemId} on the site as the persona (its session cookie, or none). */
export async function liveSource(
  api: APIRequestContext,
  slug: SiteSlug,
  itemId: string,
  session: string | null,
): Promise<SourceAnswer> {
  const answer = await siteGet(api, siteTarget(slug), `/api/live/${itemId}`, cookieHeader(session));
  const text = await answer.text();
  const json = JSON.parse(text) as { url?: string | null; state?: string };
  return { status: answer.status(), text, url: json.url ?? null, state: json.state ?? null };
}

/** The playlist and its first segment by a signed address: both must be served. */
export async function expectPlayable(api: APIRequestContext, playlistUrl: string): Promise<string> {
  const playlist = await api.get(playlistUrl, { failOnStatusCode: false });
  expect(playlist.status(), playlistUrl).toBe(200);
  const text = await playlist.text();
  const segment = /^(\d+\.ts)$/m.exec(text)?.[1];
  expect(segment, 'the playlist names a segment').toBeTruthy();
  const segmentUrl = playlistUrl.replace('index.m3u8', segment!);
  expect((await api.get(segmentUrl, { failOnStatusCode: false })).status()).toBe(200);
  return segmentUrl;
}

/**
 * Every address a persona without access could see or guess for the stream: the folders of the media server
 * without a signature, a premium member's signature moved to another kind, viewer or stream, or to a later expiry.
 * None may be served.
 */
export function guessedUrls(signedUrl: string, streamId: string, otherStreamId: string): string[] {
  const match =
    /^(.*)\/hls\/([\w-]{22})\/(\d+)\/([0-9a-f]{16}|anon)\/(live|archive)\/([0-9a-f-]{36})\/index\.m3u8$/.exec(
      signedUrl,
    );
  if (!match) throw new Error(`not a signed playlist address: ${signedUrl}`);
  const [, base, sig, exp, viewer, kind] = match;
  const other = kind === 'live' ? 'archive' : 'live';
  const urls: string[] = [];
  for (const file of ['index.m3u8', '0.ts', '1.ts']) {
    urls.push(
      `${base}/live/${streamId}/${file}`,
      `${base}/archive/${streamId}/${file}`,
      `${base}/${kind}/${streamId}/${file}`,
      `${base}/hls/${streamId}/${file}`,
      `${base}/hls/${kind}/${streamId}/${file}`,
      `${base}/hls/${sig}/${exp}/${viewer}/${other}/${streamId}/${file}`,
      `${base}/hls/${sig}/${exp}/${viewer}/${kind}/${otherStreamId}/${file}`,
      `${base}/hls/${sig}/${exp}/anon/${kind}/${streamId}/${file}`,
      `${base}/hls/${sig}/${Number(exp) + 86_400}/${viewer}/${kind}/${streamId}/${file}`,
      `${base}/hls/${sig}/${exp}/${viewer}/${kind}/${streamId}/../../${file}`,
    );
  }
  return urls;
}

export const streamIdOf = (url: string) => /\/([0-9a-f-]{36})\/index\.m3u8$/.exec(url)![1]!;
