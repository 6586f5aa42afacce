import 'server-only';
import { z } from 'zod';

// The one place that reads process.env on the server. Empty strings count as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  NEXT_RUNTIME: optional(z.enum(['nodejs', 'edge'])),
  /** A PostgreSQL URL; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * What stands between the app and DATABASE_URL (decisions 0044, 0055). Unset: PostgreSQL itself.
   * `pgbouncer-session`: PgBouncer in session mode (deploy/pgbouncer.ini): statements prepared as with PostgreSQL,
   * but no startup parameters (the pooler's connect_query sets the DB_*_TIMEOUT_MS bounds). `pgbouncer-transaction`:
   * PgBouncer in transaction mode, which hands a server connection to another client after every transaction: no
   * named prepared statements, no startup parameters, and LISTEN on DATABASE_DIRECT_URL.
   */
  DATABASE_POOLER: optional(z.enum(['pgbouncer-session', 'pgbouncer-transaction'])),
  /**
   * The same database without the pooler: migrations and seeding (`npm start`), and the page cache's LISTEN, which
   * need a session of their own. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** Bounds of the app's database waits (decision 0020): a request fails fast with 503 rather than hang. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(10_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DATA_DIR: z.string().min(1).default('.data'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The interface the app listens on. Unset: every interface, but only the loopback one in DEMO_MODE. */
  HOST: optional(z.string().regex(/^[\w.:-]+$/)),
  /**
   * `true` only for the demo (`npm start` sets it with the Auth emulator): the emulator's tokens are unsigned, so
   * anyone could be anyone. A production server refuses the emulator without it and shows a demo badge with it.
   */
  DEMO_MODE: optional(z.enum(['true', 'false'])),
  /** The DSN is public by design; one variable serves the browser (inlined) and the server. */
  SENTRY_DSN: optional(z.url()),
  /** The Firebase project. A `demo-` id keeps the emulator fully offline. */
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-fanclub'),
  /** host:port of the Firebase Auth emulator; set by `npm start` when it starts the embedded one. */
  FIREBASE_AUTH_EMULATOR_HOST: optional(z.string().regex(/^[\w.-]+:\d{1,5}$/)),
  /** Port of the emulator `npm start` starts when no identity provider is configured. */
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65000).default(9099),
  /** The public Web API key of each server cell (spec 7). Required unless the emulator is used. */
  FIREBASE_API_KEY_FC_SITE: optional(z.string().min(10)),
  FIREBASE_API_KEY_FC_SITE_001: optional(z.string().min(10)),
  FIREBASE_API_KEY_FC_SITE_002: optional(z.string().min(10)),
  /** A service-account key (JSON) for firebase-admin; without it, Google's application default credentials. */
  FIREBASE_SERVICE_ACCOUNT: optional(z.string().min(2)),
  /**
   * `stripe` or `sandbox`. Unset: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox, which a production
   * build refuses unless it is chosen here by name (`npm start` does so for the demo).
   */
  PAYMENTS_PROVIDER: optional(z.enum(['stripe', 'sandbox'])),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/)),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\w+$/)),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/)),
  /**
   * A local stand-in of Stripe's API (`http://127.0.0.1:<port>`) instead of Stripe: the fault suite's Stripe rounds
   * (docs/decisions/0045). Loopback only, so a secret key is never sent to another host; refused in production
   * unless DEMO_MODE=true.
   */
  STRIPE_API_BASE: optional(z.url({ protocol: /^http$/, hostname: /^(127\.0\.0\.1|localhost)$/ })),
  /** Lets `POST /api/sandbox/clock` move the sandbox's test clock (end-to-end tests only). */
  SANDBOX_TEST_CLOCK: optional(z.enum(['true', 'false'])),
  /** Set by `next build` while it prerenders; no request is served then, so no secret is needed yet. */
  NEXT_PHASE: optional(z.string()),
  /** Where uploaded media is kept: `local` (files under MEDIA_DIR) or `s3` (an S3-compatible bucket). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Unset: `$DATA_DIR/media`. */
  MEDIA_DIR: optional(z.string().min(1)),
  /** Unset: AWS itself; set for MinIO, R2 and other S3-compatible stores. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Required when MEDIA_STORAGE is `s3`. */
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)),
  /** Unset: the AWS SDK's default credential chain. */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** Bucket in the path (`endpoint/bucket/key`). Unset: true with S3_ENDPOINT, which most compatible stores need. */
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
  /** Signs the short-lived URLs of member-only media; required in production, at least 32 characters. */
  MEDIA_URL_SECRET: optional(z.string().min(32)),
  /** Signs the sign-up's proof-of-work challenges (decision 0024); required in production, at least 32 characters. */
  ALTCHA_HMAC_KEY: optional(z.string().min(32)),
  /**
   * Benchmarks: the front server answers member pages with `x-db-round-trips`, the round trips the request made (its
   * statements, and each transaction's BEGIN and COMMIT: src/server/db/query-count.ts).
   */
  DB_QUERY_COUNT_HEADER: optional(z.enum(['true', 'false'])),
  /**
   * How many proxies stand before the app (nginx: 1): the client's address is then that many entries from the end of
   * X-Forwarded-For. 0: the connection's own address (a header the client sent is never believed).
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(5).default(0),
  /** Multiplies every rate limit's allowance (src/server/rate-limit/limits.ts): the test servers, whose fans share an address. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * The mail server notices go out through (`smtp://user:pass@host:587`, `smtps://…:465`). Unset: mails wait in the
   * queue (npm start sets it to its local mail catcher). Required in production.
   */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  /** Port of the local mail catcher `npm start` starts (SMTP); its web UI and API answer on the next port. */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(1).max(65000).default(1025),
  /** Longest wait for the mail server's connection, greeting and each answer (decision 0020). */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Signs the one-click unsubscribe links of mails (decision 0028); required in production, at least 32 characters. */
  NOTICE_TOKEN_SECRET: optional(z.string().min(32)),
  /**
   * A drand relay's quicknet address (https://api.drand.sh/52db9ba7…e971): presales draw with the public beacon round
   * fixed from their close when they are set up (docs/presale-draw.md). Unset: a local beacon in the demo
   * (DEMO_MODE) or on a laptop, said so on every page; a production server refuses presales without it unless
   * UNVERIFIABLE_OPERATOR_BEACON says otherwise.
   */
  DRAND_URL: optional(z.url({ protocol: /^https?$/ })),
  DRAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * `true`: a production operator deliberately draws presales without a public beacon: the server draws the random
   * bytes itself at the close, and every record and page says the operator could have chosen the winners
   * (docs/presale-draw.md). Unset, a production server without DRAND_URL (and not DEMO_MODE) refuses to set up a
   * presale.
   */
  UNVERIFIABLE_OPERATOR_BEACON: optional(z.enum(['true', 'false'])),
  /**
   * The root of the per-site Ed25519 keys that sign ticket and member-card codes (decision 0033), derived with HKDF
   * per site and key id; required in production, at least 32 characters. No key derived from it leaves the server.
   */
  TICKET_SIGNING_SECRET: optional(z.string().min(32)),
  /**
   * Live streaming (decision 0050). The public address of the media server's HLS (nginx, `/hls/` below it), e.g.
   * https://live.example.jp; unset: no live streaming (staff see why). `npm start` sets it for the demo.
   */
  LIVE_HLS_URL: optional(z.url({ protocol: /^https?$/ })),
  /** The ingest address staff paste into OBS as its server, e.g. rtmp://live.example.jp/live. */
  LIVE_INGEST_URL: optional(z.url({ protocol: /^rtmps?$/ })),
  /**
   * Shared with the media server's nginx (`secure_link_md5`): signs the short-lived playlist and segment URLs;
   * required in production when LIVE_HLS_URL is set, at least 32 characters.
   */
  LIVE_URL_SECRET: optional(
    z
      .string()
      .min(32)
      .regex(/^[\w.~-]+$/),
  ),
  /** Ports of the media server `npm start` runs for the demo: RTMP ingest (default 1935) and HLS (default PORT+40). */
  LIVE_RTMP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  LIVE_HTTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
});

/** Known to everyone who reads this file: good for a laptop and tests, refused in production. */
const DEVELOPMENT_MEDIA_URL_SECRET = 'development-only-media-url-secret-do-not-use-in-production';
const DEVELOPMENT_ALTCHA_HMAC_KEY = 'development-only-altcha-hmac-key-do-not-use-in-production';
const DEVELOPMENT_NOTICE_TOKEN_SECRET = 'development-only-notice-token-secret-do-not-use-in-production';
const DEVELOPMENT_TICKET_SIGNING_SECRET = 'development-only-ticket-signing-secret-do-not-use-in-production';
const DEVELOPMENT_LIVE_URL_SECRET = 'development-only-live-url-secret-do-not-use-in-production';

const checkedEnvSchema = envSchema
  .superRefine((value, ctx) => {
    if (value.MEDIA_STORAGE === 's3' && !value.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when MEDIA_STORAGE=s3' });
    }
    const serving = value.NODE_ENV === 'production' && value.NEXT_PHASE !== 'phase-production-build';
    if (serving && value.FIREBASE_AUTH_EMULATOR_HOST && value.DEMO_MODE !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message:
          'the Auth emulator signs nothing: refused in production unless DEMO_MODE=true (the demo only)',
      });
    }
    if (serving && value.STRIPE_API_BASE && value.DEMO_MODE !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_BASE'],
        message: 'a stand-in of Stripe takes no money: refused in production unless DEMO_MODE=true',
      });
    }
    if (serving && (!value.MEDIA_URL_SECRET || value.MEDIA_URL_SECRET === DEVELOPMENT_MEDIA_URL_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_URL_SECRET'],
        message: 'required in production (at least 32 random characters)',
      });
    }
    if (serving && (!value.ALTCHA_HMAC_KEY || value.ALTCHA_HMAC_KEY === DEVELOPMENT_ALTCHA_HMAC_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALTCHA_HMAC_KEY'],
        message: 'required in production (at least 32 random characters)',
      });
    }
    if (
      serving &&
      (!value.NOTICE_TOKEN_SECRET || value.NOTICE_TOKEN_SECRET === DEVELOPMENT_NOTICE_TOKEN_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOTICE_TOKEN_SECRET'],
        message: 'required in production (at least 32 random characters)',
      });
    }
    if (
      serving &&
      (!value.TICKET_SIGNING_SECRET || value.TICKET_SIGNING_SECRET === DEVELOPMENT_TICKET_SIGNING_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['TICKET_SIGNING_SECRET'],
        message: 'required in production (at least 32 random characters)',
      });
    }
    if (
      serving &&
      value.LIVE_HLS_URL &&
      (!value.LIVE_URL_SECRET || value.LIVE_URL_SECRET === DEVELOPMENT_LIVE_URL_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIVE_URL_SECRET'],
        message: 'required in production with LIVE_HLS_URL (at least 32 random characters)',
      });
    }
    if (serving && !value.SMTP_URL && value.DEMO_MODE !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'required in production (smtp:// or smtps://)',
      });
    }
  })
  .transform((value) => ({
    ...value,
    MEDIA_URL_SECRET: value.MEDIA_URL_SECRET ?? DEVELOPMENT_MEDIA_URL_SECRET,
    ALTCHA_HMAC_KEY: value.ALTCHA_HMAC_KEY ?? DEVELOPMENT_ALTCHA_HMAC_KEY,
    NOTICE_TOKEN_SECRET: value.NOTICE_TOKEN_SECRET ?? DEVELOPMENT_NOTICE_TOKEN_SECRET,
    TICKET_SIGNING_SECRET: value.TICKET_SIGNING_SECRET ?? DEVELOPMENT_TICKET_SIGNING_SECRET,
    LIVE_URL_SECRET: value.LIVE_URL_SECRET ?? DEVELOPMENT_LIVE_URL_SECRET,
  }));

export type Env = z.infer<typeof checkedEnvSchema>;

/** The settings from `source` (process.env, or a test's own), or an error listing every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = checkedEnvSchema.safeParse({ ...source, SENTRY_DSN: source.NEXT_PUBLIC_SENTRY_DSN });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Where the app server listens: the loopback interface only for the demo, unless HOST says otherwise. */
export function listenHost(value: Pick<Env, 'HOST' | 'DEMO_MODE'>): string | undefined {
  return value.HOST ?? (value.DEMO_MODE === 'true' ? '127.0.0.1' : undefined);
}

// NEXT_PUBLIC_SENTRY_DSN by its full name: Next.js inlines it at build time, and only where it is written so.
export const env: Env = parseEnv({
  ...process.env,
  NEXT_PUBLIC_SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN,
});

/** The app pool's bounds, as connectPostgres takes them (scripts that migrate or seed pass none). */
export function dbTimeouts(value: Env = env) {
  return {
    statementMs: value.DB_STATEMENT_TIMEOUT_MS,
    lockMs: value.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: value.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectMs: value.DB_CONNECT_TIMEOUT_MS,
  };
}

/** The app's one pool on DATABASE_URL, as the server entry and getDb() open it (connectPostgres's options). */
export function appPoolOptions(value: Env = env) {
  return {
    max: value.DB_POOL_MAX,
    shared: true,
    timeouts: dbTimeouts(value),
    pooler: value.DATABASE_POOLER ?? null,
  };
}

/**
 * Where migrations, seeding and LISTEN go: DATABASE_DIRECT_URL past the pooler, else DATABASE_URL (through the
 * pooler, if one is named: then with its restrictions). Undefined without a DATABASE_URL (the embedded database).
 */
export function directDatabase(
  value: Env = env,
): { url: string; pooler: Env['DATABASE_POOLER'] | null } | undefined {
  if (value.DATABASE_DIRECT_URL) return { url: value.DATABASE_DIRECT_URL, pooler: null };
  return value.DATABASE_URL ? { url: value.DATABASE_URL, pooler: value.DATABASE_POOLER ?? null } : undefined;
}
