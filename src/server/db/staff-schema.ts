import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './core-schema';

export const STAFF_ROLES = ['owner', 'editor', 'support', 'door'] as const;

/**
 * The staff of a site: provider users of the site's tenant with a role there. A user of one site's tenant can only
 * ever sign in to that site, and every lookup is by (site, uid), so another site's owner is nobody here.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.uid] })],
);

/**
 * Every change made in the staff console: who (uid and e-mail at the time), what (action and target), when, and
 * the target's state before and after. Written in the same transaction as the change; never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role', { enum: STAFF_ROLES }).notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_site_created_idx').on(table.siteId, table.createdAt.desc().nullsFirst())],
);
