import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { cookieHeader, decodeMediaToken, sectionsOf, siteGet, type SiteTarget } from './content';

/**
 * The crawler of the leak test (e2e/content-leak.spec.ts): follows a site's own links as one persona and looks for
 * every canary in every answer's body and headers.
 */

export interface CrawlOptions {
  target: SiteTarget;
  /** The session cookie's value, or null for a signed-out visitor. */
  session: string | null;
  /** Every canary to look for (both sites'). */
  canaries: readonly string[];
  /** Premium media ids (from a premium member's crawl) to try through the public route. */
  premiumMediaIds?: readonly string[];
  maxRequests?: number;
  /** Parallel requests. */
  concurrency?: number;
}

export interface Finding {
  url: string;
  canary: string;
  where: string;
}

export interface CrawlReport {
  requests: number;
  boundHit: boolean;
  findings: Finding[];
  /** Canaries found, with the first URL each was found at. */
  found: Map<string, string>;
  /** Member answers a shared cache could keep. */
  cacheProblems: string[];
  /** Cached answers to a request without a session that set a cookie. */
  setCookieProblems: string[];
  /** 5xx answers, and requests that failed. */
  errors: string[];
  /** Status of every fetch, by kind and URL, e.g. "html /news" -> 200. */
  statuses: Map<string, number>;
  /** Media ids seen in signed URLs, and in public URLs. */
  signedMediaIds: Set<string>;
  publicMediaIds: Set<string>;
  /** Count of fetches by kind. */
  kinds: Record<string, number>;
  /** Answers the page cache gave from an earlier rendering (STALE), asked again. */
  stale: number;
}

const MEDIA_URL = /\/media\/(?:s\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+|p\/[0-9a-fA-F-]{36}\/[A-Za-z0-9]+)/g;
// A quoted (or parenthesised, or `=`-introduced) string that starts like a path of this site.
const QUOTED_PATH = /(?<=["'(=]|&quot;)\/(?![/\\])[^\s"'<>\\()]*/g;
const ABSOLUTE_URL = /(?:https?:)?\/\/([a-z0-9.-]+)(?::\d+)?(\/[^\s"'<>\\()]*)?/gi;
const SRCSET = /(?:srcset|srcSet|imageSrcSet|imagesrcset)(?:=|":)"([^"]+)"/g;
const SITE_PATH = /^\/[A-Za-z0-9\-._~%!$&+,;=:@/?]*$/;

const CONTENT_PAGE = /^\/(?:(?:news|movie|photo|blog|ticket)(?:\/[^/?]+)?)?$/;

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Every same-site path found in a text: links, sources, srcsets, metadata, path-like strings of RSC and JSON. */
export function extractPaths(text: string, target: SiteTarget): string[] {
  const out = new Set<string>();
  const add = (raw: string | undefined) => {
    if (!raw) return;
    let value = decodeEntities(raw)
      .replace(/\\u0026/g, '&')
      .replace(/[.,;:]+$/, '');
    value = value.split('#')[0]!;
    if (!value.startsWith('/') || value.length > 600 || !SITE_PATH.test(value)) return;
    out.add(value);
  };
  for (const match of text.matchAll(MEDIA_URL)) add(match[0]);
  for (const match of text.matchAll(SRCSET)) {
    for (const candidate of decodeEntities(match[1]!).split(',')) add(candidate.trim().split(/\s+/)[0]);
  }
  for (const match of text.matchAll(ABSOLUTE_URL)) {
    const host = match[1]!.toLowerCase();
    if (target.hostnames.includes(host)) add(match[2] ?? '/');
  }
  // Absolute URLs were handled above; what remains are paths of this origin.
  for (const match of text.replace(ABSOLUTE_URL, '').matchAll(QUOTED_PATH)) add(match[0]);
  return [...out];
}

/** 'file': a site-wide document the same for everyone (the feeds, the web app manifest and its icon). */
type Kind = 'html' | 'rsc' | 'api' | 'file' | 'media' | 'range';

interface Job {
  kind: Kind;
  path: string;
}

/** Drops the router's cache-busting parameter; keeps everything else. */
function normalise(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://x');
  url.searchParams.delete('_rsc');
  url.hash = '';
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

function isFollowed(pathAndQuery: string): boolean {
  const pathname = pathAndQuery.split('?')[0]!;
  // Build output (made before the seed, so it cannot hold seeded data) and the image optimiser (not used).
  if (pathname.startsWith('/_next/')) return false;
  // GET-only content API; every other API is for forms and sessions.
  if (pathname.startsWith('/api/')) return pathname.startsWith('/api/content/');
  return true;
}

/**
 * Crawls one site as one persona: every page as HTML and as an RSC payload, every list API page, every media URL
 * found (and a Range request for videos), the feeds, and a set of error pages. Every answer's body and headers are
 * searched for every canary. The session, when there is one, goes as an explicit Cookie header and nothing else
 * carries state between requests (the caller gives each persona its own request context).
 */
export async function crawlSite(api: APIRequestContext, options: CrawlOptions): Promise<CrawlReport> {
  const { target, session, canaries } = options;
  const maxRequests = options.maxRequests ?? 1500;
  // Gentle: the specs of the other worker share the server (and two CPU cores) with the crawl.
  const concurrency = options.concurrency ?? 2;
  const report: CrawlReport = {
    requests: 0,
    boundHit: false,
    findings: [],
    found: new Map(),
    cacheProblems: [],
    setCookieProblems: [],
    errors: [],
    statuses: new Map(),
    signedMediaIds: new Set(),
    publicMediaIds: new Set(),
    kinds: {},
    stale: 0,
  };
  const seen = new Set<string>();
  const queue: Job[] = [];
  const enqueue = (kind: Kind, rawPath: string) => {
    const pathAndQuery = kind === 'media' || kind === 'range' ? rawPath : normalise(rawPath);
    let key = `${kind} ${pathAndQuery}`;
    if (kind === 'media' || kind === 'range') {
      // A signed URL changes every five minutes; the file it names does not.
      const signed = /^\/media\/s\/([^/?]+)/.exec(pathAndQuery);
      if (signed) {
        try {
          const { m, v } = decodeMediaToken(signed[1]!);
          key = `${kind} s:${m}/${v}`;
        } catch {
          // Not a token this site made: fetch it as it is.
        }
      }
    } else if (!CONTENT_PAGE.test(pathAndQuery.split('?')[0]!) && pathAndQuery.includes('?')) {
      // /login?next=… for every locked item: one of each page is enough.
      if (!pathAndQuery.startsWith('/api/')) key = `${kind} ${pathAndQuery.split('?')[0]}?…`;
    }
    if (seen.has(key)) return;
    seen.add(key);
    queue.push({ kind, path: pathAndQuery });
  };
  const follow = (text: string) => {
    for (const found of extractPaths(text, target)) {
      if (!isFollowed(found)) continue;
      if (found.startsWith('/media/')) enqueue('media', found);
      else if (found.startsWith('/api/')) enqueue('api', found);
      else if (/\.(?:xml|webmanifest|svg)(?:\?|$)/.test(found)) enqueue('file', found);
      else {
        enqueue('html', found);
        enqueue('rsc', found);
      }
    }
  };

  const inspect = (label: string, response: APIResponse, body: Buffer, kind: Kind) => {
    const status = response.status();
    report.statuses.set(label, status);
    report.kinds[kind] = (report.kinds[kind] ?? 0) + 1;
    const headers = response.headersArray();
    const text = body.toString(kind === 'media' || kind === 'range' ? 'latin1' : 'utf8');
    for (const canary of canaries) {
      const places = text.includes(canary) ? ['body'] : [];
      for (const { name, value } of headers) {
        if (value.includes(canary) || safeDecode(value).includes(canary)) places.push(`header ${name}`);
      }
      for (const where of places) report.findings.push({ url: label, canary, where });
      if (places.length > 0 && !report.found.has(canary)) report.found.set(canary, label);
    }
    if (status >= 500) report.errors.push(`${label}: HTTP ${status}`);
    const header = (name: string) =>
      headers
        .filter((h) => h.name.toLowerCase() === name)
        .map((h) => h.value)
        .join(', ');
    const cacheControl = header('cache-control');
    if (session && (kind === 'html' || kind === 'rsc' || kind === 'api') && status < 300) {
      // A member's content page, list API or My page is theirs alone. Any other page may come from the shared
      // page cache (x-nextjs-cache), which is rendered for nobody in particular; nothing else may be shared.
      const personal = /\b(?:private|no-store)\b/.test(cacheControl);
      const pathname = label.split(' ')[1]!.split('?')[0]!;
      const memberPage = CONTENT_PAGE.test(pathname) || /^\/(?:mypage|api)(?:\/|$)/.test(pathname);
      if (!personal && (memberPage || !header('x-nextjs-cache'))) {
        report.cacheProblems.push(`${label}: Cache-Control "${cacheControl}"`);
      }
    }
    if (!session && header('x-nextjs-cache') && header('set-cookie')) {
      report.setCookieProblems.push(`${label}: x-nextjs-cache ${header('x-nextjs-cache')} with Set-Cookie`);
    }
    return { status, text, headers: response.headers() };
  };

  /**
   * One GET, inspected. The page cache may first answer with a page rendered before (x-nextjs-cache: STALE, even
   * one left on disk by an earlier run of the server, from an older database): that answer is inspected too, then
   * asked again until the fresh one comes, whose links are the ones followed.
   */
  const get = async (label: string, kind: Kind, pathAndQuery: string, headers: Record<string, string>) => {
    let inspected: ReturnType<typeof inspect> | undefined;
    await expect
      .poll(
        async () => {
          report.requests += 1;
          const response = await siteGet(api, target, pathAndQuery, headers);
          inspected = inspect(label, response, await response.body(), kind);
          const stale = inspected.headers['x-nextjs-cache'] === 'STALE';
          if (stale) report.stale += 1;
          return stale;
        },
        { message: `${pathAndQuery} is answered fresh`, intervals: [250] },
      )
      .toBe(false);
    return inspected!;
  };

  const run = async (job: Job) => {
    const cookie = cookieHeader(session);
    const label = `${job.kind} ${job.path}`;
    if (job.kind === 'rsc') {
      const first = await get(`${label} (redirect)`, 'rsc', job.path, { ...cookie, RSC: '1' });
      const location = first.headers.location;
      if (first.status >= 300 && first.status < 400 && location && /[?&]_rsc\b/.test(location)) {
        const to = location.replace(/^https?:\/\/[^/]+/, '');
        follow((await get(label, 'rsc', to, { ...cookie, RSC: '1' })).text);
      } else {
        report.statuses.set(label, first.status);
        follow(first.text);
      }
      return;
    }
    if (job.kind === 'range') {
      await get(label, 'range', job.path, { ...cookie, Range: 'bytes=0-1023' });
      return;
    }
    const accept =
      job.kind === 'html' ? { Accept: 'text/html,application/xhtml+xml' } : ({} as Record<string, string>);
    const { status, text, headers } = await get(label, job.kind, job.path, { ...cookie, ...accept });
    const location = headers.location;
    if (status >= 300 && status < 400 && location) follow(`"${location}"`);
    if (job.kind === 'media') {
      const pub = /^\/media\/p\/([^/]+)\//.exec(job.path);
      if (pub) report.publicMediaIds.add(pub[1]!);
      const signed = /^\/media\/s\/([^/?]+)/.exec(job.path);
      if (signed) {
        try {
          report.signedMediaIds.add(decodeMediaToken(signed[1]!).m);
        } catch {
          // garbage on purpose
        }
      }
      if (status === 200 && (headers['content-type'] ?? '').startsWith('video/')) enqueue('range', job.path);
      return;
    }
    if (job.kind === 'api' && status === 200) {
      // A list page: its items' pages, and the next page by its cursor, to the end.
      const page = JSON.parse(text) as {
        items?: { id: string; section: string }[];
        nextCursor?: string | null;
      };
      for (const item of page.items ?? []) {
        enqueue('html', `/${item.section}/${item.id}`);
        enqueue('rsc', `/${item.section}/${item.id}`);
      }
      const pathname = job.path.split('?')[0]!;
      if (page.nextCursor) enqueue('api', `${pathname}?cursor=${encodeURIComponent(page.nextCursor)}`);
    }
    follow(text);
  };

  // Where the crawl starts, and the error pages it asks for on purpose.
  const sections = sectionsOf(target.slug).map((section) => section.id);
  for (const start of ['/', ...sections.map((id) => `/${id}`)]) {
    enqueue('html', start);
    enqueue('rsc', start);
  }
  enqueue('file', '/sitemap.xml');
  enqueue('file', '/feed.xml');
  for (const id of sections) enqueue('api', `/api/content/${id}`);
  for (const id of sections) {
    for (const bad of [`/${id}/00000000-0000-4000-8000-000000000000`, `/${id}/not-a-uuid`]) {
      enqueue('html', bad);
      enqueue('rsc', bad);
    }
  }
  enqueue('api', '/api/content/blog?cursor=garbage');
  enqueue('api', '/api/content/nope');
  enqueue('media', '/media/s/garbage');
  const premiumIds = options.premiumMediaIds?.length
    ? options.premiumMediaIds
    : ['7d2c5c36-3f0c-4b1e-9a57-2b8e2f2b9c11'];
  for (const id of premiumIds) {
    enqueue('media', `/media/p/${id}/w640`);
    enqueue('media', `/media/p/${id}/original`);
  }
  enqueue('html', '/no-such-page');
  enqueue('rsc', '/no-such-page');

  const worker = async () => {
    while (queue.length > 0) {
      if (report.requests >= maxRequests) {
        report.boundHit = true;
        return;
      }
      const job = queue.shift()!;
      try {
        await run(job);
      } catch (error) {
        report.errors.push(
          `${job.kind} ${job.path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  // Workers stop when the queue is empty for a moment; go again until nothing new was found.
  while (queue.length > 0 && !report.boundHit) {
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  return report;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A readable list of what a crawl found that it should not have. */
export function describeFindings(findings: readonly Finding[], limit = 40): string {
  const lines = findings.slice(0, limit).map((f) => `  ${f.canary} in ${f.where} of ${f.url}`);
  if (findings.length > limit) lines.push(`  … and ${findings.length - limit} more`);
  return lines.join('\n');
}
