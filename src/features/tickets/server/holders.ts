import 'server-only';
import type { members } from '@/server/db/schema';

type MemberNames = Pick<typeof members.$inferSelect, 'familyName' | 'givenName' | 'nickname'>;

/** The holder's name as the door checks it against an ID: the legal name, or the nickname before one is given. */
export function holderName(member: MemberNames): string {
  const legal = [member.familyName, member.givenName].filter(Boolean).join(' ');
  return legal || member.nickname || '（氏名未登録）';
}
