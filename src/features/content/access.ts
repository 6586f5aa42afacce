import type { UserStatus } from '@/features/site';
import type { TicketSchedule } from '@/server/db/content-schema';
import type { ViewerLevel } from '@/features/content/types';

/** A guest-level item is for everyone, signed in or not; a premium one for premium members only. */
export function mayView(viewer: ViewerLevel, required: UserStatus | null): boolean {
  if (required === null) return false;
  return required === 'guest' || viewer === 'premium';
}

/** An item is live while staff say so, and a presale also while its application window is open. */
export function isLive(item: { isLive: boolean; ticket: TicketSchedule | null }, now: Date): boolean {
  if (item.isLive) return true;
  if (!item.ticket) return false;
  return new Date(item.ticket.applyFrom) <= now && now < new Date(item.ticket.applyUntil);
}
