import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sessions } from '@/server/db/schema';

/** A session lasts at most this long after sign-in, then the visitor signs in again. */
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: exactly 43 characters. Anything else is refused before the database is asked. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionRecord {
  idHash: string;
  siteId: string;
  uid: string;
  email: string | null;
  authTime: Date;
  createdAt: Date;
  expiresAt: Date;
  verifiedAt: Date;
}

export function isWellFormedSessionToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

/** Only the hash is stored, so that reading the table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(
  db: Db,
  input: { siteId: string; uid: string; email: string | null; authTime: Date },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({
    idHash: hashSessionToken(token),
    siteId: input.siteId,
    uid: input.uid,
    email: input.email,
    authTime: input.authTime,
    createdAt: now,
    expiresAt,
    verifiedAt: now,
  });
  return { token, expiresAt };
}

/** The live session of a token's hash on a site, for a prepared statement: placeholders idHash, siteId, now. */
export const liveSessionPlaceholders = and(
  eq(sessions.idHash, sql.placeholder('idHash')),
  eq(sessions.siteId, sql.placeholder('siteId')),
  gt(sessions.expiresAt, sql.placeholder('now')),
);

function prepareFindSession(db: Db) {
  return db.select().from(sessions).where(liveSessionPlaceholders).limit(1).prepare('find_session');
}

// Every member request runs this query: built once per database handle, not once per call.
const findSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/** The live session this token opens on this site; one indexed read. */
export async function findSession(
  db: Db,
  siteId: string,
  token: string,
  now = new Date(),
): Promise<SessionRecord | null> {
  if (!isWellFormedSessionToken(token)) return null;
  let query = findSessionQueries.get(db);
  if (!query) findSessionQueries.set(db, (query = prepareFindSession(db)));
  const [row] = await query.execute({ idHash: hashSessionToken(token), siteId, now: now.toISOString() });
  return row ?? null;
}

export async function markSessionVerified(
  db: Db,
  idHash: string,
  email: string | null,
  now = new Date(),
): Promise<void> {
  await db.update(sessions).set({ verifiedAt: now, email }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Db, siteId: string, token: string): Promise<void> {
  if (!isWellFormedSessionToken(token)) return;
  await db
    .delete(sessions)
    .where(and(eq(sessions.idHash, hashSessionToken(token)), eq(sessions.siteId, siteId)));
}

/** Ends every session of this user on this site (sign-out, a disabled or revoked account). */
export async function deleteUserSessions(db: Db, siteId: string, uid: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.siteId, siteId), eq(sessions.uid, uid)))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}

/** Housekeeping at each sign-in: the user's expired rows open nothing, this only keeps the table small. */
export async function deleteExpiredUserSessions(
  db: Db,
  siteId: string,
  uid: string,
  now = new Date(),
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.siteId, siteId), eq(sessions.uid, uid), lt(sessions.expiresAt, now)));
}
