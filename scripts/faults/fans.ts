import { randomBytes } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { solveProof } from '@/server/proof-of-work/solve';
import { describe, jsonOf, send, sessionCookieOf, sleep, type Answer } from './http';

/**
 * Fans of the MIO site, made the way the browser makes them: an account created in the identity provider (the
 * emulator's REST API, as the Firebase SDK calls it), the app's session from its ID token, then the sign-up steps
 * over the same APIs the forms call, up to the payment step. Paying is left to the scenarios.
 */
export interface FanContext {
  base: string;
  emulatorHost: string;
  tenantId: string;
  planId: string;
}

export interface Fan {
  n: number;
  email: string;
  password: string;
  uid: string;
  cookie: string;
}

const PASSWORD = 'fault-pass-1';
export const CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };

async function provider(
  ctx: FanContext,
  call: string,
  body: object,
): Promise<{ idToken: string; localId: string }> {
  const url = `http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=fake-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, tenantId: ctx.tenantId, returnSecureToken: true }),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json()) as {
    idToken?: string;
    localId?: string;
    error?: { message?: string };
  };
  if (!json.idToken || !json.localId)
    throw new Error(`provider ${call}: ${json.error?.message ?? response.status}`);
  return { idToken: json.idToken, localId: json.localId };
}

/** A fresh ID token for the fan, as signing in with e-mail and password gives the browser. */
export async function idTokenOf(ctx: FanContext, fan: Pick<Fan, 'email' | 'password'>): Promise<string> {
  return (await provider(ctx, 'signInWithPassword', { email: fan.email, password: fan.password })).idToken;
}

/**
 * A request with a few retries on 429 (should the app limit sign-ups) and 503 (right after an outage, as a person
 * would press again), each after its Retry-After: setup is not what the suite measures. A body made by a function is
 * made anew for each attempt (a proof of work is good once). Any other answer stops the setup with its status and
 * the start of its body.
 */
async function answerOk(
  ctx: FanContext,
  path: string,
  post?: { body: unknown | (() => Promise<unknown>); cookie?: string },
): Promise<Answer> {
  const method = post ? 'POST' : 'GET';
  for (let attempt = 1; ; attempt++) {
    const body =
      typeof post?.body === 'function' ? await (post.body as () => Promise<unknown>)() : post?.body;
    const answer = await send(ctx.base, path, {
      method,
      body,
      cookie: post?.cookie,
      accept: 'application/json',
    });
    if (answer.status === 200) return answer;
    if ((answer.status !== 429 && answer.status !== 503) || attempt >= 5) {
      throw new Error(`setup: ${method} ${path} answered ${describe(answer)} ${answer.text.slice(0, 200)}`);
    }
    await sleep(Number(answer.headers?.get('retry-after') ?? '1') * 1000);
  }
}

/**
 * The site's sign-up challenge, solved here as any script must (docs/decisions/0024): the first session of an
 * account the site does not know yet needs it.
 */
async function proofFor(ctx: FanContext): Promise<string> {
  const answer = await answerOk(ctx, '/api/signup/challenge');
  return solveProof(JSON.parse(answer.text) as Challenge);
}

/** The terms and privacy policy versions in force, agreed to as the account step does (decision 0027). */
async function consentFor(ctx: FanContext): Promise<{ terms: number; privacy: number; agreed: true }> {
  const answer = await answerOk(ctx, '/api/consent');
  return { ...(JSON.parse(answer.text) as { terms: number; privacy: number }), agreed: true };
}

/** The account's address confirmed at the provider, as the fan's click on the verification mail does. */
async function confirmAddress(ctx: FanContext, localId: string): Promise<void> {
  const url = `http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:update`;
  const response = await fetch(url, {
    method: 'POST',
    // The emulator's administrator credential.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, tenantId: ctx.tenantId, emailVerified: true }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`setup: confirming ${localId} answered ${response.status}`);
}

/** A session from the ID token; `newAccount`: the account's first here, with a solved challenge and the consent. */
export async function signIn(ctx: FanContext, idToken: string, newAccount = false): Promise<string> {
  const answer = await answerOk(ctx, '/api/session', {
    body: newAccount
      ? async () => ({ idToken, proof: await proofFor(ctx), consent: await consentFor(ctx) })
      : { idToken },
  });
  const cookie = sessionCookieOf(answer);
  if (!cookie) throw new Error('setup: sign-in set no session cookie');
  return cookie;
}

/** A new account, signed in, through every sign-up step before the payment. */
export async function fanAtPayment(ctx: FanContext, label: string, n: number): Promise<Fan> {
  const email = `fault-${label}-${n}-${randomBytes(4).toString('hex')}@example.com`;
  const account = await provider(ctx, 'signUp', { email, password: PASSWORD });
  await confirmAddress(ctx, account.localId);
  const cookie = await signIn(ctx, account.idToken, true);
  const steps: [string, unknown][] = [
    ['nickname', { nickname: `フォールト${n}` }],
    [
      'profile',
      {
        familyName: '山田',
        givenName: '美緒',
        familyNameKana: 'ヤマダ',
        givenNameKana: 'ミオ',
        birthday: '2000-05-15',
        phone: '09087654321',
      },
    ],
    [
      'address',
      { postalCode: '1000001', prefecture: '東京都', city: '千代田区千代田', street: '1-2-3', building: '' },
    ],
    ['plans', { planId: ctx.planId }],
  ];
  for (const [step, body] of steps) {
    const answer = await answerOk(ctx, `/api/signup/${step}`, { body, cookie });
    if (typeof jsonOf(answer)?.next !== 'string')
      throw new Error(`setup: step ${step} answered ${answer.text}`);
  }
  return { n, email, password: PASSWORD, uid: account.localId, cookie };
}

/** `count` fans at the payment step, a few at a time so that setup does not load the app more than the test. */
export async function fansAtPayment(ctx: FanContext, label: string, count: number): Promise<Fan[]> {
  const fans: Fan[] = [];
  for (let first = 0; first < count; first += 8) {
    const batch = Array.from({ length: Math.min(8, count - first) }, (_, i) =>
      fanAtPayment(ctx, label, first + i),
    );
    fans.push(...(await Promise.all(batch)));
  }
  return fans;
}
