import 'server-only';
import { formatDateJa, formatInJapan } from '@/lib/dates';
import { sameOriginPath } from '@/lib/safe-path';
import { formatYen } from '@/lib/yen';
import type { Db } from '@/server/db/client';
import { AppError } from '@/lib/errors';
import type { Member } from '@/features/membership';
import { getPaymentProvider, listPaymentHistory, memberPlan } from '@/features/billing/server';
import { myETickets } from '@/features/tickets/server';
import type { Contact } from '@/features/support/schemas';
import type { SupportSubject } from '@/features/support/types';

const METHOD = { card: 'クレジットカード', konbini: 'コンビニ払い' } as const;
const STATUS = {
  paid: '支払い済み',
  failed: '失敗',
  refunded: '返金済み',
  pending: 'お支払い待ち',
  expired: '期限切れ',
} as const;

/** What the club needs to know with a question, read from the session's member: never from the form. */
export interface ThreadContext {
  subject: SupportSubject;
  planName: string | null;
  fromPath: string | null;
  paymentRef: string | null;
  paymentLabel: string | null;
  ticketId: string | null;
  ticketLabel: string | null;
}

/** The page the fan came from: a path of this site, without its query or fragment (they may carry anything). */
export function cleanFromPath(from: string | undefined): string | null {
  const path = sameOriginPath(from, '');
  if (!path) return null;
  return path.split(/[?#]/)[0]!.slice(0, 200) || null;
}

/**
 * The member's plan, and the payment or ticket the question is about, checked to be the member's own: an id of
 * someone else's payment or ticket is answered as not found, and nothing of it is stored.
 */
export async function threadContext(db: Db, member: Member, input: Contact): Promise<ThreadContext> {
  const provider = await getPaymentProvider();
  const plan = await memberPlan(db, member);
  const context: ThreadContext = {
    subject: 'general',
    planName: plan?.name ?? null,
    fromPath: cleanFromPath(input.from),
    paymentRef: null,
    paymentLabel: null,
    ticketId: null,
    ticketLabel: null,
  };
  if (input.payment) {
    const lines = await listPaymentHistory(db, provider, member);
    const line = lines.find((candidate) => candidate.id === input.payment);
    if (!line) throw new AppError('NOT_FOUND', 'お支払いが見つかりませんでした。');
    context.subject = 'payment';
    context.paymentRef = line.id;
    context.paymentLabel = `${formatDateJa(line.date)} ${line.planName} ${formatYen(line.amountYen)}・${METHOD[line.method]}・${STATUS[line.status]}`;
  } else if (input.ticket) {
    const tickets = await myETickets(db, member.siteId, member.id);
    const ticket = tickets.find((candidate) => candidate.id === input.ticket);
    if (!ticket) throw new AppError('NOT_FOUND', 'チケットが見つかりませんでした。');
    context.subject = 'ticket';
    context.ticketId = ticket.id;
    context.ticketLabel = `${ticket.title} ${formatInJapan(ticket.startsAt, 'yyyy/MM/dd HH:mm')} ${ticket.venue} ${ticket.seatType}`;
  }
  return context;
}
