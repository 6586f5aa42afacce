import { expect, test, type PlaywrightWorkerArgs } from './support/test';
import type { DemoRole, SiteSlug } from './support/auth';
import {
  demoItems,
  publishedItems,
  readCanaries,
  sectionsOf,
  sessionOfDemoAccount,
  siteTarget,
} from './support/content';
import { crawlSite, describeFindings, type CrawlReport } from './support/crawler';
import {
  ARCHIVED,
  expectPlayable,
  guessedUrls,
  itemIdByTitle,
  liveSource,
  SCHEDULED,
  streamIdOf,
} from './support/live';

/**
 * The leak test (docs/decisions/0010): every member-only string of the seed (scripts/lib/content-canaries.ts) is
 * looked for in every answer a persona can get by following the sites' own links (HTML, RSC payloads, the list API
 * with its cursors, feeds, media files and their headers, error pages). Nobody but a premium member of the site may
 * ever receive one; a premium member must receive every one of them, which proves the crawl reaches them all.
 */

const MAX_REQUESTS = 1500;

interface Persona {
  name: string;
  /** Value of the session cookie sent with every request, or null (signed out). */
  session: string | null;
}

type Playwright = PlaywrightWorkerArgs['playwright'];

async function crawlAs(
  playwright: Playwright,
  slug: SiteSlug,
  persona: Persona,
  needles: readonly string[],
  premiumMediaIds: readonly string[] = [],
): Promise<CrawlReport> {
  // Each persona gets its own request context: no cookie jar, connection or state is shared with another one.
  const api = await playwright.request.newContext();
  try {
    const started = Date.now();
    const report = await crawlSite(api, {
      target: siteTarget(slug),
      session: persona.session,
      canaries: needles,
      premiumMediaIds,
      maxRequests: MAX_REQUESTS,
    });
    const kinds = Object.entries(report.kinds)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    console.log(
      `${slug} as ${persona.name}: ${report.requests} requests (${kinds}) in ${Date.now() - started} ms, ` +
        `${report.stale} stale answers asked again, ${report.found.size} distinct needles found`,
    );
    return report;
  } finally {
    await api.dispose();
  }
}

/** What every crawl must show, whoever the persona: bounded, no 5xx, no shared caching, the error pages right. */
function expectSoundCrawl(
  report: CrawlReport,
  slug: SiteSlug,
  persona: Persona,
  premiumMediaIds: readonly string[],
) {
  const who = `${slug} as ${persona.name}`;
  expect.soft(report.boundHit, `${who}: the crawl hit its bound of ${MAX_REQUESTS} requests`).toBe(false);
  expect.soft(report.errors, `${who}: 5xx answers or failed requests`).toEqual([]);
  expect.soft(report.cacheProblems, `${who}: answers to a session that a shared cache may keep`).toEqual([]);
  expect.soft(report.setCookieProblems, `${who}: cached answers that set a cookie`).toEqual([]);

  // The crawl reached every published item's page, and nothing scheduled.
  const details = [...report.statuses].filter(
    ([label, status]) => /^html \/[a-z]+\/[0-9a-f-]{36}$/.test(label) && status === 200,
  );
  expect.soft(details.length, `${who}: item pages reached`).toBe(publishedItems(slug).length);

  const status = (label: string) => report.statuses.get(label);
  for (const { id } of sectionsOf(slug)) {
    expect.soft(status(`html /${id}`), `${who}: /${id}`).toBe(200);
    expect.soft(status(`html /${id}/00000000-0000-4000-8000-000000000000`), `${who}: unknown id`).toBe(404);
    expect.soft(status(`html /${id}/not-a-uuid`), `${who}: malformed id`).toBe(404);
  }
  expect.soft(status('api /api/content/blog?cursor=garbage'), `${who}: bad cursor`).toBe(400);
  expect.soft(status('api /api/content/nope'), `${who}: unknown section API`).toBe(404);
  expect.soft(status('media /media/s/garbage'), `${who}: garbage token`).toBe(403);
  expect.soft(status('html /no-such-page'), `${who}: unknown page`).toBe(404);
  // A premium item's files never through the public route, for anyone.
  for (const id of premiumMediaIds) {
    for (const variant of ['w640', 'original']) {
      expect
        .soft(status(`media /media/p/${id}/${variant}`), `${who}: public route of premium ${id}`)
        .toBe(404);
    }
  }
}

function expectNothingFound(report: CrawlReport, slug: SiteSlug, persona: Persona) {
  expect
    .soft(
      report.findings,
      `${slug} as ${persona.name} received member-only strings:\n${describeFindings(report.findings)}`,
    )
    .toEqual([]);
}

/**
 * Each persona's crawl of the site, a step each, all of them side by side: they share nothing (a request context each)
 * and each waits on one answer at a time, so together they keep the app, the database and this worker busy, in about
 * half the time of one after another. None may receive a member-only string or a signed media address.
 */
async function crawlEachGettingNone(
  playwright: Playwright,
  slug: SiteSlug,
  personas: readonly Persona[],
  needles: readonly string[],
  premiumMediaIds: readonly string[],
) {
  await Promise.all(
    personas.map((persona) =>
      test.step(`${slug} as ${persona.name}`, async () => {
        const report = await crawlAs(playwright, slug, persona, needles, premiumMediaIds);
        expectSoundCrawl(report, slug, persona, premiumMediaIds);
        expectNothingFound(report, slug, persona);
        // It did look at premium items, only never got their member-only part.
        expect.soft(report.signedMediaIds.size, `${persona.name}: signed media URLs`).toBe(0);
      }),
    ),
  );
}

/** The scheduled items' titles: in no answer to anyone until their time. */
function scheduledTitles(): string[] {
  return (['mio', 'second'] as const).flatMap((slug) =>
    demoItems(slug)
      .filter((item) => item.daysAgo < 0)
      .map((item) => item.title),
  );
}

async function sessions(wanted: [SiteSlug, DemoRole][]) {
  return Promise.all(wanted.map(([slug, role]) => sessionOfDemoAccount(slug, role)));
}

/**
 * The positive control: the site's premium member receives every canary of the site and nothing else (no other
 * site's, no scheduled title). Answers the premium media ids seen, for the other personas to try.
 */
function expectEveryCanary(
  full: CrawlReport,
  slug: SiteSlug,
  owner: Persona,
  canaries: readonly string[],
  minMedia: number,
): string[] {
  const premiumMediaIds = [...full.signedMediaIds];
  expect(premiumMediaIds.length, 'premium media seen through signed URLs').toBeGreaterThan(minMedia);
  expectSoundCrawl(full, slug, owner, []);
  const missing = canaries.filter((canary) => !full.found.has(canary));
  expect.soft(missing, `${slug} canaries the premium crawl never reached`).toEqual([]);
  expect.soft(new Set(full.found.keys())).toEqual(new Set(canaries));
  const foreign = full.findings.filter((finding) => !canaries.includes(finding.canary));
  expect.soft(foreign, `foreign or scheduled strings:\n${describeFindings(foreign)}`).toEqual([]);
  return premiumMediaIds;
}

test.describe('no member-only data reaches anyone who may not see it', () => {
  // The two crawls are independent: on two workers they run side by side.
  test.describe.configure({ mode: 'parallel' });

  // mio's crawl runs on PostgreSQL (the @postgres pass), the other site's cookie among its personas; the second
  // site's crawl runs the same queries with fewer personas on PGlite, and the access queries themselves run on both
  // engines in the integration tests (content/server/items, membership/server/viewer-access).
  test(
    'mio: visitor, guest, expired member and a premium member of second get none; premium of mio gets all',
    { tag: '@postgres' },
    async ({ playwright }) => {
      test.setTimeout(600_000);
      const manifest = readCanaries();
      const needles = [...manifest.mio, ...manifest.second, ...scheduledTitles()];
      expect(scheduledTitles().length).toBeGreaterThan(0);

      const [premium, guest, expired, otherPremium] = await sessions([
        ['mio', 'premium'],
        ['mio', 'guest'],
        ['mio', 'expired'],
        ['second', 'premium'],
      ]);

      // Positive control first: the same crawl as a premium member of mio finds every mio canary, and only those.
      const owner: Persona = { name: 'premium member of mio', session: premium! };
      const full = await crawlAs(playwright, 'mio', owner, needles);
      const premiumMediaIds = expectEveryCanary(full, 'mio', owner, manifest.mio, 20);

      const personas: Persona[] = [
        { name: 'signed-out visitor', session: null },
        // A signed-in member without a membership reads what a visitor reads.
        { name: 'guest member', session: guest! },
        { name: 'expired member', session: expired! },
        { name: "second's premium member (cookie sent to mio)", session: otherPremium! },
      ];
      await crawlEachGettingNone(playwright, 'mio', personas, needles, premiumMediaIds);
    },
  );

  test('second: visitor and a premium member of mio get none; premium of second gets all', async ({
    playwright,
  }) => {
    test.setTimeout(600_000);
    const manifest = readCanaries();
    const needles = [...manifest.mio, ...manifest.second, ...scheduledTitles()];
    const [premium, otherPremium] = await sessions([
      ['second', 'premium'],
      ['mio', 'premium'],
    ]);

    const owner: Persona = { name: 'premium member of second', session: premium! };
    const full = await crawlAs(playwright, 'second', owner, needles);
    const premiumMediaIds = expectEveryCanary(full, 'second', owner, manifest.second, 5);

    const personas: Persona[] = [
      { name: 'signed-out visitor', session: null },
      { name: "mio's premium member (cookie sent to second)", session: otherPremium! },
    ];
    await crawlEachGettingNone(playwright, 'second', personas, needles, premiumMediaIds);
  });
});

/**
 * Live streams (decision 0050): the playlists and segments of a stream and of its archive come from the media server,
 * by addresses the app signs per viewer. Only a premium member of the site gets one; nobody else gets an address,
 * and no address they could see or guess is served.
 */
test.describe('live streams and archives reach only premium members of the site', () => {
  test('mio: visitor, guest, expired member and a premium member of second get no playlist or segment', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext();
    try {
      const [premium, guest, expired, otherPremium] = await sessions([
        ['mio', 'premium'],
        ['mio', 'guest'],
        ['mio', 'expired'],
        ['second', 'premium'],
      ]);
      const archivedId = await itemIdByTitle(api, 'mio', 'movie', ARCHIVED.title);
      const scheduledId = await itemIdByTitle(api, 'mio', 'movie', SCHEDULED.title);

      // Positive control: the premium member gets the archive, by an address the media server serves.
      const archive = await liveSource(api, 'mio', archivedId, premium!);
      expect(archive.status).toBe(200);
      expect(archive.state).toBe('ended');
      expect(archive.url).toMatch(
        /\/hls\/[\w-]{22}\/\d+\/[0-9a-f]{16}\/archive\/[0-9a-f-]{36}\/index\.m3u8$/,
      );
      await expectPlayable(api, archive.url!);
      // A stream not yet on has no address at all, even for a premium member.
      const scheduled = await liveSource(api, 'mio', scheduledId, premium!);
      expect(scheduled.state).toBe('scheduled');
      expect(scheduled.text).not.toContain('/hls/');

      const personas: [string, string | null][] = [
        ['signed-out visitor', null],
        ['guest member', guest!],
        ['expired member', expired!],
        ["second's premium member (cookie sent to mio)", otherPremium!],
      ];
      for (const [name, session] of personas) {
        for (const itemId of [archivedId, scheduledId]) {
          const answer = await liveSource(api, 'mio', itemId, session);
          expect.soft(answer.status, `${name}: /api/live/${itemId}`).toBe(403);
          expect.soft(answer.text, `${name}: no address`).not.toContain('/hls/');
          expect.soft(answer.text).not.toContain(streamIdOf(archive.url!));
        }
      }
      // On its own site, second's premium member cannot reach mio's item by its id.
      const foreign = await liveSource(api, 'second', archivedId, otherPremium!);
      expect.soft(foreign.status, "mio's stream on second").toBe(404);

      // Whatever they guess or alter of the premium member's address, the media server refuses it.
      const streamId = streamIdOf(archive.url!);
      const otherStreamId = '00000000-0000-4000-8000-000000000000';
      for (const url of guessedUrls(archive.url!, streamId, otherStreamId)) {
        const status = (await api.get(url, { failOnStatusCode: false, maxRedirects: 0 })).status();
        expect.soft([403, 404, 410], `${url} answered ${status}`).toContain(status);
      }
    } finally {
      await api.dispose();
    }
  });
});
