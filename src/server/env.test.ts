import { describe, expect, it } from 'vitest';
import { listenHost, parseEnv } from '@/server/env';

const SECRET = 'a-media-url-secret-of-at-least-32-characters';
const ALTCHA_KEY = 'an-altcha-hmac-key-of-at-least-32-characters';
const PRODUCTION = {
  NODE_ENV: 'production',
  MEDIA_URL_SECRET: SECRET,
  ALTCHA_HMAC_KEY: ALTCHA_KEY,
  NOTICE_TOKEN_SECRET: 'a-notice-token-secret-of-at-least-32-characters',
  TICKET_SIGNING_SECRET: 'a-ticket-signing-secret-of-at-least-32-characters',
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYMENTS_PROVIDER: 'sandbox',
};
const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('the Auth emulator in production', () => {
  it('is refused without DEMO_MODE: its tokens are unsigned', () => {
    expect(() => parseEnv({ ...PRODUCTION, ...EMULATOR })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: .*DEMO_MODE=true/,
    );
    expect(() => parseEnv({ ...PRODUCTION, ...EMULATOR, DEMO_MODE: 'false' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
  });

  it('is accepted as the demo, which then listens on the loopback interface only', () => {
    const env = parseEnv({ ...PRODUCTION, ...EMULATOR, DEMO_MODE: 'true' });
    expect(env.DEMO_MODE).toBe('true');
    expect(listenHost(env)).toBe('127.0.0.1');
    expect(listenHost(parseEnv({ ...PRODUCTION, ...EMULATOR, DEMO_MODE: 'true', HOST: '0.0.0.0' }))).toBe(
      '0.0.0.0',
    );
  });

  it('does not concern development, tests, the build, or production with the real provider', () => {
    expect(() => parseEnv({ NODE_ENV: 'development', ...EMULATOR })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'test', ...EMULATOR })).not.toThrow();
    expect(() =>
      parseEnv({ ...PRODUCTION, ...EMULATOR, NEXT_PHASE: 'phase-production-build' }),
    ).not.toThrow();
    const real = parseEnv({ ...PRODUCTION, FIREBASE_API_KEY_FC_SITE_001: 'AIzaSyExample000' });
    expect(listenHost(real)).toBeUndefined();
  });

  it('refuses a HOST that is no interface name', () => {
    expect(() => parseEnv({ HOST: 'a b' })).toThrow(/HOST/);
  });
});

describe('a stand-in of Stripe (STRIPE_API_BASE)', () => {
  it('is loopback http only, and in production only as the demo', () => {
    const local = { STRIPE_API_BASE: 'http://127.0.0.1:4321' };
    expect(parseEnv({ ...PRODUCTION, ...local, DEMO_MODE: 'true' }).STRIPE_API_BASE).toBe(
      local.STRIPE_API_BASE,
    );
    expect(() => parseEnv({ ...PRODUCTION, ...local })).toThrow(/STRIPE_API_BASE: .*DEMO_MODE=true/);
    expect(() => parseEnv({ STRIPE_API_BASE: 'http://api.example.com:4321' })).toThrow(/STRIPE_API_BASE/);
    expect(() => parseEnv({ STRIPE_API_BASE: 'https://127.0.0.1:4321' })).toThrow(/STRIPE_API_BASE/);
  });
});

describe('the key of the sign-up challenges (ALTCHA_HMAC_KEY)', () => {
  it('is required in production, at least 32 characters, and not the development one', () => {
    expect(() => parseEnv({ ...PRODUCTION, ALTCHA_HMAC_KEY: undefined })).toThrow(
      /ALTCHA_HMAC_KEY: required in production/,
    );
    expect(() => parseEnv({ ...PRODUCTION, ALTCHA_HMAC_KEY: 'too-short' })).toThrow(/ALTCHA_HMAC_KEY/);
    const development = parseEnv({ NODE_ENV: 'development' }).ALTCHA_HMAC_KEY;
    expect(() => parseEnv({ ...PRODUCTION, ALTCHA_HMAC_KEY: development })).toThrow(/ALTCHA_HMAC_KEY/);
    expect(parseEnv(PRODUCTION).ALTCHA_HMAC_KEY).toBe(ALTCHA_KEY);
  });

  it('has a development default, and the build needs none', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).ALTCHA_HMAC_KEY.length).toBeGreaterThanOrEqual(32);
    expect(() =>
      parseEnv({ ...PRODUCTION, ALTCHA_HMAC_KEY: undefined, NEXT_PHASE: 'phase-production-build' }),
    ).not.toThrow();
  });
});

describe('mail in production', () => {
  it('needs SMTP_URL and NOTICE_TOKEN_SECRET', () => {
    expect(() => parseEnv({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(
      /SMTP_URL: required in production/,
    );
    expect(() => parseEnv({ ...PRODUCTION, NOTICE_TOKEN_SECRET: undefined })).toThrow(
      /NOTICE_TOKEN_SECRET: required in production/,
    );
    expect(() => parseEnv({ ...PRODUCTION, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
