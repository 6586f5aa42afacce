import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

export interface PageMeasure {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Compressed bytes of every script the page loaded (transferSize). */
  jsBytes: number;
  scripts: { url: string; bytes: number; startMs: number }[];
  /** When the page first asked for the auth SDK or its provider, from the start of the page load; null: never. */
  authRequestMs: number | null;
  authUrls: string[];
  /** First contentful paint as observed in the unthrottled load, on the same clock as authRequestMs. */
  observedFcpMs: number;
  /** Largest contentful paint as observed, same clock: Lantern counts what ended before it into LCP. */
  observedLcpMs: number;
  /** What to look at when a target is missed: the LCP element and the render-blocking requests. */
  lcpElement: string | null;
  renderBlocking: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

/** Requests to the identity provider itself (or its emulator) are the SDK at work, whatever loaded it. */
const PROVIDER_URL =
  /identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|\/identitytoolkit\.googleapis/;
/** The firebase/auth chunk: its own endpoints and the name of its IndexedDB store are in its text. */
const AUTH_SDK_TEXT = /identitytoolkit|firebaseLocalStorageDb/;

const bodies = new Map<string, Promise<string>>();
function scriptText(url: string): Promise<string> {
  let body = bodies.get(url);
  if (!body) {
    body = fetch(url).then(
      (r) => r.text(),
      () => '',
    );
    bodies.set(url, body);
  }
  return body;
}

function lcpElementOf(lhr: Result): string | null {
  type Node = { type?: string; snippet?: string; selector?: string };
  type Table = { items?: ({ node?: Node; items?: { node?: Node }[] } & Node)[] };
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Table[] | Table['items'] } | undefined;
  // Lighthouse 12 nests the element's table in a list, next to the LCP's phases.
  for (const entry of details?.items ?? []) {
    const table = entry as Table;
    const node = table.items?.[0]?.node ?? (entry as { node?: Node }).node;
    if (node?.snippet) return node.snippet.slice(0, 200);
  }
  return null;
}

function renderBlockingOf(lhr: Result): string[] {
  const details = lhr.audits['render-blocking-resources']?.details as
    { items?: { url: string }[] } | undefined;
  return (details?.items ?? []).map((item) => item.url);
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/**
 * One Lighthouse run of the performance category with its default (mobile, simulated throttling) settings.
 * `direct` maps a script's address to one this process can read it from (the app itself, behind a TLS edge).
 */
export async function measure(
  url: string,
  port: number,
  direct: (url: string) => string = (same) => same,
): Promise<{ measure: PageMeasure; lhr: Result }> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  const network = lhr.audits['network-requests']?.details as
    { items: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const items = network?.items ?? [];
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const networkStartTs = network?.debugData?.networkStartTimeTs ?? Number.NaN;
  const observedFcpMs = ((metrics?.observedFirstContentfulPaintTs ?? Number.NaN) - networkStartTs) / 1000;
  const observedLcpMs = ((metrics?.observedLargestContentfulPaintTs ?? Number.NaN) - networkStartTs) / 1000;

  const scripts = items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({
      url: item.url,
      bytes: item.transferSize ?? 0,
      startMs: item.networkRequestTime ?? 0,
    }));
  const authHits: { url: string; startMs: number }[] = [];
  for (const item of items) {
    const isScript = item.resourceType === 'Script';
    if (PROVIDER_URL.test(item.url) || (isScript && AUTH_SDK_TEXT.test(await scriptText(direct(item.url))))) {
      authHits.push({ url: item.url, startMs: item.networkRequestTime ?? 0 });
    }
  }

  return {
    lhr,
    measure: {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      scripts,
      authRequestMs: authHits.length ? Math.min(...authHits.map((hit) => hit.startMs)) : null,
      authUrls: authHits.map((hit) => hit.url),
      observedFcpMs,
      observedLcpMs,
      lcpElement: lcpElementOf(lhr),
      renderBlocking: renderBlockingOf(lhr),
    },
  };
}

/** Debian's Chromium as Lighthouse drives it here: headless, no network of its own besides the page's. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for the runs; `edge`: it is to accept the certificate the edge made for itself (scripts/lib/edge.ts). */
export function launchChrome({
  edge = false,
}: { edge?: boolean } = {}): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: edge ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS,
  });
}
