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
  DATA_DIR: z.string().min(1).default('.data'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
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
  /** Lets `POST /api/sandbox/clock` move the sandbox's test clock (end-to-end tests only). */
  SANDBOX_TEST_CLOCK: optional(z.enum(['true', 'false'])),
});

export type Env = z.infer<typeof envSchema>;

function readEnv(): Env {
  const parsed = envSchema.safeParse({ ...process.env, SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const env: Env = readEnv();
