import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Db } from '@/server/db/client';
import { env } from '@/server/env';
import { choosePaymentProvider } from '@/server/payments/choice';
import { chatRestrictions, chatRooms, contentItems, members } from '@/server/db/schema';
import { requiredStatus, type Site } from '@/features/site';
import { firebaseIdentity, resolveViewer, REVERIFY_AFTER_MS } from '@/features/auth/server';
import { findViewerAccess } from '@/features/membership/server';
import { findStaffActor, type StaffActor } from '@/features/staff/server';
import { can } from '@/features/staff';

export const PREMIUM_ONLY = 'ライブチャットはプレミアム会員の方だけがご利用いただけます。';
export const NO_CHAT = 'このコンテンツにはチャットがありません。';

/** Who is in a room, and what they may do: a premium member who may see the item, or staff who moderate. */
export interface ChatPerson {
  siteId: string;
  itemId: string;
  uid: string;
  /** Set for staff whose role moderates the chat (chat:moderate). */
  staff: StaffActor | null;
  banned: boolean;
  muted: boolean;
  /** The item is live now: messages may be written. */
  live: boolean;
}

/**
 * The chat's gate, the item's own (decision 0051): a published item of this site that is live or has a chat kept
 * beside its archive, seen by a premium member (every premium member may see every item a section offers), or by
 * staff who moderate. A visitor, a guest member, an expired member and a member of another site get nothing.
 */
export async function chatPersonOf(
  db: Db,
  site: Site,
  token: string | null,
  itemId: string,
  now = new Date(),
): Promise<ChatPerson> {
  if (!token) throw new AppError('UNAUTHENTICATED');
  const [access, item] = await Promise.all([
    findViewerAccess(db, site.id, token, { sandboxClock: choosePaymentProvider(env) === 'sandbox' }, now),
    db
      .select({
        section: contentItems.section,
        openToAll: contentItems.openToAll,
        isLive: contentItems.isLive,
        lastSeq: chatRooms.lastSeq,
      })
      .from(contentItems)
      .leftJoin(chatRooms, eq(chatRooms.itemId, contentItems.id))
      .where(
        and(
          eq(contentItems.id, itemId),
          eq(contentItems.siteId, site.id),
          eq(contentItems.state, 'published'),
          lte(contentItems.publishedAt, now),
        ),
      )
      .limit(1)
      .then((rows) => rows[0]),
  ]);
  if (!access) throw new AppError('UNAUTHENTICATED');
  // Every few minutes the provider is asked about the session, beside the request (as any page does).
  if (now.getTime() - access.verifiedAt.getTime() >= REVERIFY_AFTER_MS) {
    const viewer = await resolveViewer({ db, identity: firebaseIdentity }, site, token, now, { wait: false });
    if (!viewer) throw new AppError('UNAUTHENTICATED');
  }
  if (!item || requiredStatus(site.config, item) === null) throw new AppError('NOT_FOUND');
  if (!item.isLive && !item.lastSeq) throw new AppError('NOT_FOUND', NO_CHAT);
  const actor = access.level === 'premium' ? null : await findStaffActor(db, site.id, access.uid);
  const staff = actor && can(actor.role, 'chat:moderate') ? actor : null;
  if (access.level !== 'premium' && !staff) throw new AppError('FORBIDDEN', PREMIUM_ONLY);
  const [restriction] = staff
    ? []
    : await db
        .select({ kind: chatRestrictions.kind })
        .from(chatRestrictions)
        .where(and(eq(chatRestrictions.itemId, itemId), eq(chatRestrictions.uid, access.uid)));
  return {
    siteId: site.id,
    itemId,
    uid: access.uid,
    staff,
    banned: restriction?.kind === 'ban',
    muted: restriction?.kind === 'mute',
    live: item.isLive,
  };
}

/** The name a member's messages carry: the nickname, else 会員 and the member number; never a real name. */
export async function shownName(db: Db, siteId: string, uid: string): Promise<string> {
  const [member] = await db
    .select({ nickname: members.nickname, number: members.memberNumber })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.uid, uid)))
    .limit(1);
  if (member?.nickname?.trim()) return member.nickname.trim().slice(0, 40);
  return member?.number ? `会員${member.number}` : '会員';
}

export function assertModerator(person: ChatPerson): StaffActor {
  if (!person.staff) throw new AppError('FORBIDDEN');
  return person.staff;
}
