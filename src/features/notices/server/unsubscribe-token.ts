import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/server/env';
import type { NoticeTopic } from '@/features/notices/templates';

const TOPICS: readonly NoticeTopic[] = ['announcements', 'reminders', 'birthday'];

function signature(payload: string, secret: string): Buffer {
  // Domain-separated: the same secret never signs anything else's bytes the same way.
  return createHmac('sha256', secret).update(`fc-unsubscribe:v1:${payload}`).digest();
}

/**
 * The one-click unsubscribe token of a mail (RFC 8058): names one member and one topic, signed with
 * NOTICE_TOKEN_SECRET. It never expires (mails are read late), and does one thing: turn that topic's mail off.
 */
export function unsubscribeToken(
  memberId: string,
  topic: NoticeTopic,
  secret = env.NOTICE_TOKEN_SECRET,
): string {
  const payload = `${memberId}.${topic}`;
  return `${payload}.${signature(payload, secret).toString('base64url')}`;
}

/** The member and topic a token names, or null for anything not signed by us (forged, altered, truncated). */
export function readUnsubscribeToken(
  token: string,
  secret = env.NOTICE_TOKEN_SECRET,
): { memberId: string; topic: NoticeTopic } | null {
  const match = /^([0-9a-f-]{36})\.([a-z]+)\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, memberId, topic, mac] = match as unknown as [string, string, string, string];
  const expected = signature(`${memberId}.${topic}`, secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(TOPICS as readonly string[]).includes(topic)) return null;
  return { memberId, topic: topic as NoticeTopic };
}
