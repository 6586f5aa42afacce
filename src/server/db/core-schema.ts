import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredLegalDocument, StoredSiteConfig } from './json-types';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const sites = pgTable('sites', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  // Validated by siteConfigSchema on every write and read, so a bad row can never reach a page.
  config: jsonb('config').$type<StoredSiteConfig>().notNull(),
  ...timestamps,
});

/** One row per host name, so that a host can belong to one site only. */
export const siteHosts = pgTable(
  'site_hosts',
  {
    host: text('host').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (table) => [index('site_hosts_site_id_idx').on(table.siteId)],
);

export const siteDocuments = pgTable(
  'site_documents',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['privacy', 'terms', 'psa', 'asct'] }).notNull(),
    document: jsonb('document').$type<StoredLegalDocument>().notNull(),
    /**
     * The published version members agree to (terms, privacy). A plain save keeps it (a typo fixed asks nobody
     * again); staff publishing "a new version" raises it, and members are asked to agree again (decision 0027).
     */
    version: integer('version').notNull().default(1),
    versionPublishedAt: timestamp('version_published_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.kind] }),
    check('site_documents_version_positive', sql`${table.version} >= 1`),
  ],
);

/**
 * Our own server sessions, created only after the identity provider's ID token was verified for the site's tenant.
 * The cookie holds a random value; only its SHA-256 is stored, so a copy of this table opens no session.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    email: text('email'),
    /** When the user last proved who they are to the provider (the ID token's auth_time). */
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider last confirmed the account is neither disabled nor revoked. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_site_uid_idx').on(table.siteId, table.uid),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** What a member can buy on a site. A retired plan (active = false) is no longer offered; its members keep it. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Stable within the site, e.g. "monthly". */
    code: text('code').notNull(),
    name: text('name').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    /** Yen, tax included. */
    priceYen: integer('price_yen').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [unique('plans_site_code_key').on(table.siteId, table.code)],
);

/**
 * A fan of one site: one provider user, with what the sign-up flow collected. The member number is given when they
 * join (complete), unique and sequential within the site.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /** The account's e-mail as the provider reported it at the member's last sign-up step (for staff search). */
    email: text('email'),
    memberNumber: integer('member_number'),
    nickname: text('nickname'),
    familyName: text('family_name'),
    givenName: text('given_name'),
    familyNameKana: text('family_name_kana'),
    givenNameKana: text('given_name_kana'),
    birthday: date('birthday'),
    phone: text('phone'),
    postalCode: text('postal_code'),
    prefecture: text('prefecture'),
    city: text('city'),
    street: text('street'),
    building: text('building'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** The plan chosen at the plans step; the subscription is started with it at the payment step. */
    chosenPlanId: uuid('chosen_plan_id').references(() => plans.id),
    /** The member's customer at the payment provider, created at the payment step. */
    billingCustomerId: text('billing_customer_id'),
    /**
     * The versions of the site's terms and privacy policy (site_documents.version) the member last agreed to, and
     * when. Null: never agreed (members from before consent was asked); they are asked on My page.
     */
    termsVersion: integer('terms_version'),
    privacyVersion: integer('privacy_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /**
     * The page of this site that made the fan join (a locked item), a same-origin path checked by safeNextPath;
     * kept with the sign-up progress so that the complete step leads back to it even after a closed browser.
     */
    signupReturnPath: text('signup_return_path'),
    ...timestamps,
  },
  (table) => [
    unique('members_site_uid_key').on(table.siteId, table.uid),
    unique('members_site_number_key').on(table.siteId, table.memberNumber),
  ],
);

/** The last member number given on each site; incremented in the joining transaction, so numbers have no gaps. */
export const memberCounters = pgTable('member_counters', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
] as const;

/** A member's subscription as the payment provider reports it (Stripe's states; the sandbox uses the same). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why the member left (optional, from the leaving flow). */
    cancelReason: text('cancel_reason'),
    /**
     * How it is paid: `card` renews by itself; `konbini` is one paid period (a voucher paid at a convenience store)
     * that never renews: written with cancelAtPeriodEnd so that every status rule reads it unchanged (0026).
     */
    method: text('method', { enum: ['card', 'konbini'] })
      .notNull()
      .default('card'),
    /** A plan change the member asked for, taking effect at the next renewal (the provider's truth, 0026). */
    pendingPlanId: uuid('pending_plan_id').references(() => plans.id),
    /**
     * When its first paid period began, in billing time (the sandbox's test clock may run ahead of created_at): where
     * a card membership's run of periods starts for 会員歴 (membership/server/tenure.ts). Null until it is paid.
     */
    paidFrom: timestamp('paid_from', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('subscriptions_member_idx').on(table.memberId)],
);

/** Premium given by staff until an end date, without payment. */
export const complimentaryGrants = pgTable(
  'complimentary_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    grantedBy: text('granted_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('complimentary_grants_member_idx').on(table.memberId)],
);

/** Provider events already applied: a redelivered event finds its id here and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * The sandbox payment provider's own books (what Stripe keeps on its side): customers with their card, and
 * subscriptions. Only the sandbox provider reads or writes these tables.
 */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  memberId: uuid('member_id').notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    memberId: uuid('member_id').notNull(),
    planId: uuid('plan_id').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why the member left (Stripe's cancellation_details.comment). */
    cancelComment: text('cancel_comment'),
    /** Our payment attempt that made it (Stripe: metadata.attempt_id). */
    attemptId: text('attempt_id'),
    /** The plan it switches to at the next renewal (Stripe: a subscription schedule's next phase). */
    nextPlanId: uuid('next_plan_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_subscriptions_site_idx').on(table.siteId)],
);

/** The sandbox's invoices (Stripe keeps these on its side): one per charge, at the start and at each renewal. */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    amountYen: integer('amount_yen').notNull(),
    status: text('status', { enum: ['paid', 'failed', 'refunded'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_invoices_customer_idx').on(table.customerId, table.createdAt)],
);

/** The sandbox's test clock per site (like Stripe's test clocks): how far the site's billing time is ahead. */
export const sandboxClocks = pgTable('sandbox_clocks', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});
