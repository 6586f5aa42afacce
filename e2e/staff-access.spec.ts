import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type PlaywrightWorkerArgs,
} from './support/test';
import { can, type Permission, type StaffRole } from '@/features/staff';
import {
  EMULATOR_URL,
  SESSION_COOKIE,
  SITE_URLS,
  TENANT_IDS,
  demoAccount,
  type SiteSlug,
} from './support/auth';
import { cookieHeader, siteTarget, type SiteTarget } from './support/content';

/**
 * The staff console refuses everyone who is not the site's staff with the right role: every staff API (each
 * exported method of src/app/[host]/api/staff/**\/route.ts) and every staff page (src/app/[host]/staff/**\/page.tsx),
 * found on disk when the test runs, so that whatever is added to the console is covered without editing this file.
 * Refusals come before any lookup, so a random id is as good as a real one for them.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const APP_DIR = path.resolve('src/app/[host]');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** What each area of the console needs; an area missing here fails the test until it is classified. */
const AREA_PERMISSION: Record<string, Permission | null> = {
  '': null,
  content: 'content:write',
  legal: 'legal:write',
  members: 'members:read',
  plans: 'plans:write',
  team: 'staff:manage',
  audit: 'audit:read',
  announcements: 'announcements:send',
  deliveries: 'deliveries:manage',
  presales: 'content:write',
  tenure: 'content:write',
  'tenure-benefits': 'content:write',
  door: 'door:check',
  jobs: 'jobs:read',
  sales: 'sales:read',
  support: 'support:answer',
  live: 'content:write',
  chat: 'chat:moderate',
};

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, name);
    return entry.name === name ? [full] : [];
  });
}

/** The URL segments of a route file's folder: route groups dropped, [param] kept as it is. */
function segmentsOf(file: string): string[] {
  return path
    .relative(APP_DIR, path.dirname(file))
    .split(path.sep)
    .filter((segment) => segment && !segment.startsWith('(') && !segment.startsWith('@'));
}

function exportedMethods(file: string): Method[] {
  const source = readFileSync(file, 'utf8');
  const found = new Set<Method>();
  for (const match of source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g)) {
    if ((METHODS as readonly string[]).includes(match[1]!)) found.add(match[1] as Method);
  }
  for (const list of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of list[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!,
    )) {
      if ((METHODS as readonly string[]).includes(name)) found.add(name as Method);
    }
  }
  return [...found];
}

type Playwright = PlaywrightWorkerArgs['playwright'];

interface Fillers {
  contentId: string;
  memberId: string | null;
}

interface Target {
  /** The route pattern, e.g. /api/staff/content/[id]. */
  pattern: string;
  url: string;
  area: string;
  permission: Permission | null;
  /** Every dynamic segment filled with something that exists on mio. */
  real: boolean;
}

function fill(segments: string[], fillers: Fillers): Omit<Target, 'area' | 'permission'> {
  let real = true;
  const parts = segments.map((segment, index) => {
    const param = /^\[+(?:\.\.\.)?([^\]]+)\]+$/.exec(segment)?.[1];
    if (!param) return segment;
    const parent = segments[index - 1];
    if (param === 'id' && parent === 'content') return fillers.contentId;
    if (param === 'id' && parent === 'members' && fillers.memberId) return fillers.memberId;
    if (param === 'action') return 'publish';
    if (param === 'kind') return 'privacy';
    real = false;
    if (param === 'uid') return `no-such-user-${randomUUID().slice(0, 8)}`;
    return randomUUID();
  });
  return { pattern: `/${segments.join('/')}`, url: `/${parts.join('/')}`, real };
}

function classify(target: Omit<Target, 'area' | 'permission'>, segments: string[], from: number): Target {
  const area = segments[from] ?? '';
  expect(
    Object.hasOwn(AREA_PERMISSION, area),
    `${target.pattern}: add the area "${area}" and its permission to AREA_PERMISSION`,
  ).toBe(true);
  return { ...target, area, permission: AREA_PERMISSION[area]! };
}

function discoverApis(fillers: Fillers): (Target & { method: Method })[] {
  return filesNamed(path.join(APP_DIR, 'api/staff'), 'route.ts').flatMap((file) => {
    const segments = segmentsOf(file);
    const target = classify(fill(segments, fillers), segments, 2);
    const methods = exportedMethods(file);
    expect(methods.length, `${target.pattern} exports no HTTP method`).toBeGreaterThan(0);
    return methods.map((method) => ({ ...target, method }));
  });
}

function discoverPages(fillers: Fillers): Target[] {
  return filesNamed(path.join(APP_DIR, 'staff'), 'page.tsx').map((file) => {
    const segments = segmentsOf(file);
    return classify(fill(segments, fillers), segments, 1);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions, straight from the provider's REST API and the site's session endpoint (no browser needed)

/**
 * Each sign-in in a request context of its own: a context keeps cookies, and the session endpoint ends the session
 * whose cookie comes with a new sign-in.
 */
async function sessionOf(playwright: Playwright, slug: SiteSlug, email: string, password: string) {
  const api = await playwright.request.newContext();
  try {
    const signIn = await api.post(
      `${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
      { data: { email, password, tenantId: TENANT_IDS[slug], returnSecureToken: true } },
    );
    expect(signIn.ok(), `provider sign-in of ${email}`).toBe(true);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const target = siteTarget(slug);
    const response = await api.post(`${target.base}/api/session`, {
      headers: { Host: target.host, Origin: SITE_URLS[slug] },
      data: { idToken },
      failOnStatusCode: false,
    });
    expect(response.status(), `session of ${email}`).toBe(200);
    const cookie = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .map((header) => header.value)
      .find((value) => value.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie, `a session cookie for ${email}`).toBeTruthy();
    return cookie!.split(';')[0]!.slice(SESSION_COOKIE.length + 1);
  } finally {
    await api.dispose();
  }
}

const demoSession = (playwright: Playwright, slug: SiteSlug, role: Parameters<typeof demoAccount>[1]) => {
  const account = demoAccount(slug, role);
  return sessionOf(playwright, slug, account.email, account.password);
};

// ---------------------------------------------------------------------------------------------------------------
// What no refusal may contain

const demoUsers = JSON.parse(readFileSync(path.resolve('demo/users.json'), 'utf8')) as Record<
  SiteSlug,
  { role: string; email: string; displayName: string }[]
>;
const DEMO_USERS = Object.values(demoUsers).filter(Array.isArray).flat();
const FAN_ROLES = ['premium', 'guest', 'expired', 'authenticating', 'lost'];
const FANS = DEMO_USERS.filter((user) => FAN_ROLES.includes(user.role));
const STAFF = DEMO_USERS.filter((user) => !FAN_ROLES.includes(user.role));
/** Member data (e-mails and nicknames of the demo members) and staff data (the console's menu and staff names). */
const FORBIDDEN_TEXT = [
  ...FANS.flatMap((user) => [user.email, user.displayName]),
  ...STAFF.flatMap((user) => [user.email, user.displayName]),
  'スタッフメニュー',
].filter((text): text is string => Boolean(text));

const CHANGE_BODY = {
  title: 'アクセス確認',
  name: 'アクセス確認',
  section: 'blog',
  bodyHtml: '<p>x</p>',
  email: 'premium@mio.example.com',
  role: 'owner',
  interval: 'month',
  priceYen: 500,
  endsAt: '2030-01-01',
  order: [],
  document: { title: 'x', items: [] },
};

function send(
  api: APIRequestContext,
  target: SiteTarget,
  method: Method,
  url: string,
  headers: Record<string, string>,
): Promise<APIResponse> {
  return api.fetch(`${target.base}${url}`, {
    method,
    headers: { Host: target.host, ...headers },
    ...(method === 'GET' ? {} : { data: CHANGE_BODY }),
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}

/** `own`: what the requester may see of themselves (a staff member's own name and menu, in the console's frame). */
async function expectClean(
  response: APIResponse,
  what: string,
  own: readonly string[] = [],
): Promise<string> {
  expect(response.status(), `${what}: no server error`).toBeLessThan(500);
  const body = await response.text();
  for (const text of FORBIDDEN_TEXT) {
    if (!own.includes(text)) expect(body, `${what} leaks "${text}"`).not.toContain(text);
  }
  return body;
}

async function expectApiRefused(
  response: APIResponse,
  what: string,
  status: number,
  code: string,
): Promise<void> {
  const body = await expectClean(response, what);
  expect(response.status(), `${what}: status`).toBe(status);
  expect((JSON.parse(body) as { error?: { code?: string } }).error?.code, `${what}: error code`).toBe(code);
}

async function expectSentToSignIn(response: APIResponse, what: string): Promise<void> {
  await expectClean(response, what);
  expect([302, 303, 307, 308], `${what}: a redirect (got ${response.status()})`).toContain(response.status());
  const location = new URL(response.headers().location ?? '', 'http://localhost');
  expect(location.pathname, `${what}: to sign in`).toBe('/login');
  expect(location.searchParams.get('next'), `${what}: and back`).toMatch(/^\/staff/);
}

async function expectPageForbidden(
  response: APIResponse,
  what: string,
  own: readonly string[] = [],
): Promise<void> {
  const body = await expectClean(response, what, own);
  expect(response.status(), what).toBe(403);
  expect(body).toContain('このページを表示する権限がありません');
}

// ---------------------------------------------------------------------------------------------------------------

const mio = siteTarget('mio');
let apis: ReturnType<typeof discoverApis> = [];
let pages: Target[] = [];
const sessions: Partial<Record<'premium' | 'guest' | 'expired' | StaffRole | 'secondOwner', string>> = {};

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext();
  try {
    for (const role of ['premium', 'guest', 'expired', 'owner', 'editor', 'support', 'door'] as const) {
      sessions[role] = await demoSession(playwright, 'mio', role);
    }
    sessions.secondOwner = await demoSession(playwright, 'second', 'owner');

    const sitemap = await (await api.get(`${mio.base}/sitemap.xml`, { headers: { Host: mio.host } })).text();
    const contentId = /\/[a-z-]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})</.exec(
      sitemap,
    )?.[1];
    expect(contentId, 'a content item id from the sitemap').toBeTruthy();
    // A member's id is not public: the owner's member list names some, when that page exists.
    const list = await send(api, mio, 'GET', '/staff/members', cookieHeader(sessions.owner!));
    const memberId =
      list.status() === 200
        ? (/\/staff\/members\/([0-9a-f]{8}-[0-9a-f-]{27})/.exec(await list.text())?.[1] ?? null)
        : null;
    const fillers = { contentId: contentId!, memberId };
    apis = discoverApis(fillers);
    pages = discoverPages(fillers);
  } finally {
    await api.dispose();
  }
});

test('the routes are found on disk: the console’s own APIs and pages among them', () => {
  const patterns = [
    ...apis.map((api) => `${api.method} ${api.pattern}`),
    ...pages.map((page) => page.pattern),
  ];
  console.log(`staff routes checked: ${apis.length} API methods, ${pages.length} pages`);
  for (const known of [
    'POST /api/staff/plans',
    'POST /api/staff/plans/[id]/retire',
    'POST /api/staff/team',
    'PATCH /api/staff/team/[uid]',
    'DELETE /api/staff/team/[uid]',
    '/staff',
    '/staff/plans',
    '/staff/team',
    '/staff/audit',
  ]) {
    expect(patterns).toContain(known);
  }
});

test('a signed-out visitor: every API answers 401, every page sends to sign-in', async ({ request }) => {
  for (const api of apis) {
    const response = await send(request, mio, api.method, api.url, { Origin: SITE_URLS.mio });
    await expectApiRefused(response, `visitor ${api.method} ${api.pattern}`, 401, 'UNAUTHENTICATED');
  }
  for (const page of pages) {
    const response = await send(request, mio, 'GET', page.url, {});
    await expectSentToSignIn(response, `visitor ${page.pattern}`);
  }
});

for (const persona of ['premium', 'guest', 'expired'] as const) {
  test(`mio’s ${persona} member: every API and page answers 403 with nothing of the console`, async ({
    request,
  }) => {
    const headers = cookieHeader(sessions[persona]!);
    for (const api of apis) {
      const response = await send(request, mio, api.method, api.url, { ...headers, Origin: SITE_URLS.mio });
      await expectApiRefused(response, `${persona} ${api.method} ${api.pattern}`, 403, 'FORBIDDEN');
    }
    for (const page of pages) {
      await expectPageForbidden(
        await send(request, mio, 'GET', page.url, headers),
        `${persona} ${page.pattern}`,
      );
    }
  });
}

test('the second site’s owner: their session means nothing on mio (401, sign-in)', async ({ request }) => {
  const headers = cookieHeader(sessions.secondOwner!);
  for (const api of apis) {
    const response = await send(request, mio, api.method, api.url, { ...headers, Origin: SITE_URLS.mio });
    await expectApiRefused(response, `second owner ${api.method} ${api.pattern}`, 401, 'UNAUTHENTICATED');
  }
  for (const page of pages) {
    const response = await send(request, mio, 'GET', page.url, headers);
    await expectSentToSignIn(response, `second owner ${page.pattern}`);
  }
});

test('mio’s owner, from another origin: every change is refused as cross-site (403)', async ({ request }) => {
  const headers = cookieHeader(sessions.owner!);
  const changes = apis.filter((api) => api.method !== 'GET');
  expect(changes.length).toBeGreaterThan(0);
  for (const api of changes) {
    for (const origin of [SITE_URLS.second, 'https://evil.example']) {
      const response = await send(request, mio, api.method, api.url, { ...headers, Origin: origin });
      await expectApiRefused(
        response,
        `owner from ${origin} ${api.method} ${api.pattern}`,
        403,
        'CROSS_SITE',
      );
    }
    // No Origin at all is no better.
    const response = await send(request, mio, api.method, api.url, headers);
    await expectApiRefused(response, `owner without Origin ${api.method} ${api.pattern}`, 403, 'CROSS_SITE');
  }
});

test('mio’s owner, reads started by another site (a link, an image): refused as cross-site (403)', async ({
  request,
}) => {
  const headers = cookieHeader(sessions.owner!);
  const reads = apis.filter((api) => api.method === 'GET');
  expect(reads.length).toBeGreaterThan(0);
  for (const api of reads) {
    for (const fetchSite of ['cross-site', 'same-site']) {
      const response = await send(request, mio, 'GET', api.url, { ...headers, 'Sec-Fetch-Site': fetchSite });
      await expectApiRefused(response, `owner GET ${api.pattern} (${fetchSite})`, 403, 'CROSS_SITE');
    }
  }
});

for (const role of ['editor', 'support', 'door'] as const) {
  test(`mio’s ${role}: refused (403) wherever the role does not reach; its own pages open`, async ({
    request,
  }) => {
    const headers = cookieHeader(sessions[role]!);
    const outside = apis.filter((api) => api.permission && !can(role, api.permission));
    expect(outside.length, `${role} is refused somewhere`).toBeGreaterThan(0);
    for (const api of outside) {
      const response = await send(request, mio, api.method, api.url, { ...headers, Origin: SITE_URLS.mio });
      await expectApiRefused(response, `${role} ${api.method} ${api.pattern}`, 403, 'FORBIDDEN');
    }
    for (const page of pages) {
      const response = await send(request, mio, 'GET', page.url, headers);
      const what = `${role} ${page.pattern}`;
      if (page.permission && !can(role, page.permission)) {
        // The console's frame shows the staff member's own name and menu; nothing of the area, nobody else.
        const self = demoAccount('mio', role);
        await expectPageForbidden(response, what, [self.displayName, self.email, 'スタッフメニュー']);
        const body = await response.text();
        for (const area of ['staff-list', 'plan-table', 'audit-log']) {
          expect(body, `${what} shows ${area}`).not.toContain(`data-testid="${area}"`);
        }
      } else {
        expect(response.status(), `${what}: no server error`).toBeLessThan(500);
        if (page.area === '') expect(response.status(), what).toBe(307);
        else if (page.real) expect(response.status(), what).toBe(200);
        else expect([200, 404], what).toContain(response.status());
      }
    }
  });
}

test('mio’s owner opens every page of the console', async ({ request }) => {
  const headers = cookieHeader(sessions.owner!);
  for (const page of pages) {
    const response = await send(request, mio, 'GET', page.url, headers);
    const what = `owner ${page.pattern} (${page.url})`;
    expect(response.status(), `${what}: no server error`).toBeLessThan(500);
    if (page.area === '') {
      expect(response.status(), what).toBe(307);
      expect(response.headers().location).toMatch(/\/staff\/content$/);
    } else if (page.real) {
      expect(response.status(), what).toBe(200);
      expect(await response.text(), what).toContain('スタッフメニュー');
    } else {
      expect([200, 404], what).toContain(response.status());
    }
  }
});
