import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { upsertSite, type Site } from '@/features/site/server';
import type { AccountState, IdentityProvider } from '@/features/auth/server/identity';
import { createSession } from '@/features/auth/server/sessions';
import {
  MAX_BACKGROUND_RECHECKS,
  MAX_UNVERIFIED_MS,
  REVERIFY_AFTER_MS,
  resolveViewer,
} from '@/features/auth/server/resolve-viewer';
import { RECHECK_BACKOFF_MS } from '@/features/auth/server/recheck-gate';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';

/** The timing rules of the viewer lookup, with a provider whose answers the test sets. */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;

class FakeProvider implements IdentityProvider {
  account: AccountState | null | 'unreachable' = {
    disabled: false,
    validAfter: null,
    email: 'fan@example.com',
  };
  calls = 0;
  async verifyIdToken() {
    return null;
  }
  async getAccount() {
    this.calls += 1;
    if (this.account === 'unreachable') throw new Error('provider down');
    return this.account;
  }
  async revokeSessions() {}
}

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
});
afterAll(async () => handle?.drop());

const t0 = new Date('2026-11-22T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

async function session(uid: string) {
  return createSession(handle.db, { siteId: site.id, uid, email: 'fan@example.com', authTime: t0 }, t0);
}

describe('resolveViewer', () => {
  it('answers from the database alone while the last check is recent', async () => {
    const identity = new FakeProvider();
    const { token } = await session('fresh');
    identity.account = { disabled: true, validAfter: null, email: null };
    const viewer = await resolveViewer(
      { db: handle.db, identity },
      site,
      token,
      later(REVERIFY_AFTER_MS - 1000),
    );
    expect(viewer?.uid).toBe('fresh');
    expect(identity.calls).toBe(0);
  });

  it('refuses a disabled user at the first request after the check interval, well within 5 minutes', async () => {
    expect(REVERIFY_AFTER_MS).toBeLessThanOrEqual(5 * 60 * 1000);
    const identity = new FakeProvider();
    const { token } = await session('disabled');
    identity.account = { disabled: true, validAfter: null, email: null };
    expect(
      await resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS)),
    ).toBeNull();
    // The sessions are gone: the provider is not asked again.
    expect(
      await resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS + 1)),
    ).toBeNull();
    expect(identity.calls).toBe(1);
  });

  it('reading does not wait: the due check runs beside the page, and a disabled user is refused after it', async () => {
    const identity = new FakeProvider();
    let answered: AccountState | null = null;
    const waiting: ((account: AccountState) => void)[] = [];
    const answer = (account: AccountState) => {
      answered = account;
      waiting.splice(0).forEach((resolve) => resolve(account));
    };
    identity.getAccount = () => {
      identity.calls += 1;
      return answered ? Promise.resolve(answered) : new Promise((resolve) => waiting.push(resolve));
    };
    const { token } = await session('reader');
    const read = () =>
      resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS), { wait: false });
    // The provider has not answered: the page is read all the same, and a second read asks nothing more.
    expect((await read())?.uid).toBe('reader');
    expect((await read())?.uid).toBe('reader');
    expect(identity.calls).toBe(1);
    answer({ disabled: true, validAfter: null, email: null });
    await vi.waitFor(async () => expect(await read()).toBeNull());
  });

  it('checks a crowd of sessions falling due together a few at a time, never piling calls on the provider', async () => {
    const identity = new FakeProvider();
    const waiting: ((account: AccountState) => void)[] = [];
    identity.getAccount = () => {
      identity.calls += 1;
      return new Promise((resolve) => waiting.push(resolve));
    };
    const sessions = await Promise.all(
      Array.from({ length: MAX_BACKGROUND_RECHECKS + 12 }, (_, n) => session(`crowd-${n}`)),
    );
    const read = (token: string) =>
      resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS), { wait: false });
    for (const { token } of sessions) expect((await read(token))?.uid).toMatch(/^crowd-/);
    expect(identity.calls).toBe(MAX_BACKGROUND_RECHECKS);
    // Once they answer, the next due sessions are asked at their next request.
    waiting
      .splice(0)
      .forEach((resolve) => resolve({ disabled: false, validAfter: null, email: 'fan@example.com' }));
    await vi.waitFor(() => expect(identity.calls).toBe(MAX_BACKGROUND_RECHECKS));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const { token } of sessions.slice(MAX_BACKGROUND_RECHECKS)) await read(token);
    expect(identity.calls).toBe(2 * MAX_BACKGROUND_RECHECKS);
    waiting
      .splice(0)
      .forEach((resolve) => resolve({ disabled: false, validAfter: null, email: 'fan@example.com' }));
  });

  it('refuses a session whose sign-in predates a revocation, and keeps one made after it', async () => {
    const identity = new FakeProvider();
    const { token } = await session('revoked');
    identity.account = { disabled: false, validAfter: later(1000), email: null };
    expect(
      await resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS)),
    ).toBeNull();

    const kept = await createSession(
      handle.db,
      { siteId: site.id, uid: 'revoked', email: null, authTime: later(2000) },
      later(2000),
    );
    const viewer = await resolveViewer(
      { db: handle.db, identity },
      site,
      kept.token,
      later(2000 + REVERIFY_AFTER_MS),
    );
    expect(viewer?.uid).toBe('revoked');
  });

  it('records a successful check, so the next requests are one query again', async () => {
    const identity = new FakeProvider();
    const { token } = await session('checked');
    await resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS));
    await resolveViewer({ db: handle.db, identity }, site, token, later(REVERIFY_AFTER_MS + 60_000));
    expect(identity.calls).toBe(1);
  });

  it('tolerates an unreachable provider for a bounded time only', async () => {
    const identity = new FakeProvider();
    identity.account = 'unreachable';
    const { token } = await session('outage');
    const deps = { db: handle.db, identity };
    expect((await resolveViewer(deps, site, token, later(REVERIFY_AFTER_MS)))?.uid).toBe('outage');
    expect(await resolveViewer(deps, site, token, later(MAX_UNVERIFIED_MS))).toBeNull();
    // Not deleted: when the provider answers again, the member is back (once the back-off lets a re-check through).
    identity.account = { disabled: false, validAfter: null, email: 'fan@example.com' };
    const back = later(MAX_UNVERIFIED_MS + RECHECK_BACKOFF_MS.max);
    expect((await resolveViewer(deps, site, token, back))?.uid).toBe('outage');
  });

  it('does not open a session after its lifetime', async () => {
    const identity = new FakeProvider();
    const { token, expiresAt } = await session('expired');
    expect(
      await resolveViewer({ db: handle.db, identity }, site, token, new Date(expiresAt.getTime() + 1)),
    ).toBeNull();
  });
});

/** A provider frozen mid-call (SIGSTOP): it takes the request and never answers. */
class FrozenProvider extends FakeProvider {
  override async getAccount(): Promise<AccountState | null> {
    this.calls += 1;
    return new Promise<never>(() => {});
  }
  /** Settles once the provider has been asked `count` times, so that the test moves the clock only then. */
  async asked(count = 1): Promise<void> {
    // setImmediate is left real by the fake timers below.
    while (this.calls < count) await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('resolveViewer with a provider that never answers', () => {
  // Only the timers: the database keeps its real clock, and `now` is passed explicitly.
  const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proceeds with the session once the re-check times out, then stops asking for a while', async () => {
    const identity = new FrozenProvider();
    const deps = { db: handle.db, identity };
    const { token } = await session('frozen');
    fakeTimers();
    const pending = resolveViewer(deps, site, token, later(REVERIFY_AFTER_MS));
    await identity.asked();
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS.recheck);
    expect((await pending)?.uid).toBe('frozen');

    // Backing off: the next requests are answered from the session alone, the provider is not asked.
    const next = later(REVERIFY_AFTER_MS + 1_000);
    expect((await resolveViewer(deps, site, token, next))?.uid).toBe('frozen');
    expect(identity.calls).toBe(1);

    // Once the back-off is over, a later request tries again (and proceeds again when that times out too).
    const retry = resolveViewer(deps, site, token, later(REVERIFY_AFTER_MS + RECHECK_BACKOFF_MS.first));
    await identity.asked(2);
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS.recheck);
    expect((await retry)?.uid).toBe('frozen');
  });

  it('asks once for the concurrent requests of one session', async () => {
    const identity = new FrozenProvider();
    const deps = { db: handle.db, identity };
    const { token } = await session('frozen-burst');
    fakeTimers();
    const requests = [0, 1, 2].map(() => resolveViewer(deps, site, token, later(REVERIFY_AFTER_MS)));
    await identity.asked();
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS.recheck);
    const viewers = await Promise.all(requests);
    expect(viewers.map((viewer) => viewer?.uid)).toEqual(['frozen-burst', 'frozen-burst', 'frozen-burst']);
    expect(identity.calls).toBe(1);
  });

  it('the grace period is bounded: a session already past it is refused when the re-check times out', async () => {
    const identity = new FrozenProvider();
    const deps = { db: handle.db, identity };
    const { token } = await session('frozen-late');
    fakeTimers();
    const pending = resolveViewer(deps, site, token, later(MAX_UNVERIFIED_MS));
    await identity.asked();
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS.recheck);
    expect(await pending).toBeNull();
  });
});
