/**
 * What `npm run bench` checks before it loads anything: each target answers 200 with what it is meant to show (the
 * premium detail its premium body, not the teaser), the cached top page shows the scale data, and how many database
 * round trips one view of each page costs (the app's x-db-round-trips header, sent with DB_QUERY_COUNT_HEADER=true).
 * The premium check is repeated before and after every premium run (premiumProblem), and each target's exact answer
 * is captured for its ceiling (captureAnswer).
 */
import { request as httpRequest } from 'node:http';
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

/** The headers of one request of `target`: its own, with the next of its cookies when it sends them in turn. */
export function headersOf(target: Target): Record<string, string> {
  return target.cookies ? { ...target.headers, cookie: target.cookies() } : target.headers;
}

/**
 * Why this premium target's answer is not the premium members' rendering, or null when it is: 200, named premium
 * (x-fc-audience) and, for an item, its premium body (the marker) rather than the teaser.
 */
export async function premiumProblem(target: Target, premiumMarker: string): Promise<string | null> {
  const page = await fetchPage(target.url, headersOf(target));
  if (page.status !== 200) return `answered ${page.status}`;
  if (page.audience !== 'premium')
    return `rendered for ${page.audience ?? '(no x-fc-audience)'}, not premium`;
  if (target.audience) return null;
  const locked = page.text.includes('data-item="locked"');
  if (locked || !page.text.includes(premiumMarker))
    return `no premium body (marker ${page.text.includes(premiumMarker) ? 'found' : 'missing'}, locked: ${locked})`;
  return null;
}

/** The headers a ceiling does not repeat: those of the connection (content-length is set from the body). */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);

/**
 * The exact answer one request of `target` gets, as autocannon gets it: over node:http, with the target's headers and
 * nothing more (no accept-encoding, so fetch's decompression cannot change the bytes).
 */
export function captureAnswer(
  target: Target,
): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[]> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(target.url, { headers: headersOf(target) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Two requests per target; throws unless each is what it claims to be. Answers each target's round trips. */
export async function checkPages(
  targets: Target[],
  expect: { premiumMarker: string; premiumUrl: string },
): Promise<Map<Target, number | null>> {
  const roundTrips = new Map<Target, number | null>();
  for (const target of targets) {
    // The second view: the first may be Next.js's, rendering the page and keeping it for every view after.
    await fetchPage(target.url, headersOf(target));
    const page = await fetchPage(target.url, headersOf(target));
    if (page.status !== 200) throw new Error(`${target.name}: ${target.url} answered ${page.status}`);
    if (target.kind === 'premium') {
      const problem = await premiumProblem(target, expect.premiumMarker);
      // A benchmark of the teaser or of the visitor's page would measure nothing.
      if (problem) throw new Error(`${target.name}: not the premium members' rendering: ${problem}`);
    }
    // The member's top page may be the visitor's bytes (one cached rendering): the session is proven on a premium
    // item instead, where a guest member, and only they, get the way to premium.
    if (target.kind === 'member') {
      const item = await fetchPage(expect.premiumUrl, headersOf(target));
      if (!item.text.includes('data-item="locked"') || !item.text.includes(GUEST_WAY_IN)) {
        throw new Error(
          `${target.name}: the cookie does not open a guest member's session (${expect.premiumUrl})`,
        );
      }
    }
    roundTrips.set(target, page.roundTrips);
    console.log(
      `  checked ${target.name}: 200, ${page.bytes.length} bytes, x-fc-audience ${page.audience ?? 'n/a'}, ` +
        `x-db-round-trips ${page.roundTrips ?? 'n/a'}`,
    );
  }
  return roundTrips;
}
