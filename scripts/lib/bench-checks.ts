/**
 * What `npm run bench` checks before it loads anything: each target answers 200 with what it is meant to show (the
 * premium detail its premium body, not the teaser), the cached top page shows the scale data, and how many database
 * round trips one view of each page costs (the app's x-db-round-trips header, sent with DB_QUERY_COUNT_HEADER=true).
 */
import type { Target } from './bench-load';

/** Only a signed-in member without premium is offered this on a locked item (components/locked-notice.tsx). */
const GUEST_WAY_IN = 'プレミアム会員になる';

export interface Page {
  status: number;
  bytes: Buffer;
  text: string;
  contentType: string;
  roundTrips: number | null;
  audience: string | null;
}

export async function fetchPage(url: string, headers: Record<string, string>): Promise<Page> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const header = response.headers.get('x-db-round-trips');
  return {
    status: response.status,
    bytes,
    text: bytes.toString('utf8'),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    roundTrips: header !== null && /^\d+$/.test(header) ? Number(header) : null,
    audience: response.headers.get('x-fc-audience'),
  };
}

/**
 * The guest pages are cached for 30 s (stale-while-revalidate): the top page rendered when the app first answered
 * holds only the demo's items. Polls it until a rendering with the seeded items is served.
 */
export async function waitForFreshPage(url: string, marker: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const page = await fetchPage(url, { accept: 'text/html' });
    if (page.status === 200 && page.text.includes(marker)) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`${url} still does not show the seeded items after ${timeoutMs / 1000} s`);
}

/** One request per target; throws unless each is what it claims to be. Answers each target's round trips. */
export async function checkPages(
  targets: Target[],
  expect: { premiumMarker: string; premiumUrl: string },
): Promise<Map<Target, number | null>> {
  const roundTrips = new Map<Target, number | null>();
  for (const target of targets) {
    const page = await fetchPage(target.url, target.headers);
    if (page.status !== 200) throw new Error(`${target.name}: ${target.url} answered ${page.status}`);
    if (target.audience) {
      const named = page.audience;
      if (named !== target.audience)
        throw new Error(`${target.name}: rendered for ${named}, not ${target.audience}`);
    } else if (target.kind === 'premium') {
      const locked = page.text.includes('data-item="locked"');
      if (locked || !page.text.includes(expect.premiumMarker)) {
        throw new Error(
          `${target.name}: the page does not carry the premium body (marker ${expect.premiumMarker} ` +
            `${page.text.includes(expect.premiumMarker) ? 'found' : 'missing'}, locked: ${locked}): ` +
            'a benchmark of the teaser would measure nothing',
        );
      }
    }
    // The member's top page may be the visitor's bytes (one cached rendering): the session is proven on a premium
    // item instead, where a guest member, and only they, get the way to premium.
    if (target.kind === 'member') {
      const item = await fetchPage(expect.premiumUrl, target.headers);
      if (!item.text.includes('data-item="locked"') || !item.text.includes(GUEST_WAY_IN)) {
        throw new Error(
          `${target.name}: the cookie does not open a guest member's session (${expect.premiumUrl})`,
        );
      }
    }
    roundTrips.set(target, page.roundTrips);
    console.log(
      `  checked ${target.name}: 200, ${page.bytes.length} bytes, x-db-round-trips ${page.roundTrips ?? 'n/a'}`,
    );
  }
  return roundTrips;
}
