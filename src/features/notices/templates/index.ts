import { announcement } from './announcement';
import { birthdayGreeting } from './birthday';
import { companionInvited, companionWithdrawn } from './companions';
import { leaveConfirmed, leaveUndone, renewalReminder } from './membership';
import {
  cardEndedBesideKonbini,
  konbiniVoucherCanceled,
  paymentDisputed,
  paymentFailed,
  paymentSucceeded,
} from './payment';
import {
  konbiniVoucher,
  presaleCancelled,
  presaleCardAction,
  presaleCardFailed,
  presaleLapsed,
  presaleLost,
  presalePaid,
  presaleSecondChanceWon,
  presaleWon,
} from './presale';
import {
  resaleLapsed,
  resaleListed,
  resaleMatched,
  resalePaid,
  resaleRefunded,
  resaleWaiting,
  resaleWithdrawn,
  resaleWon,
} from './resale';
import type { NoticeContent, NoticeTemplate } from './types';
import { welcome } from './welcome';
import { supportAnswered, supportRequest } from './support';

export type { NoticeContent, NoticeTemplate, NoticeTopic } from './types';

/** Every kind of notice, by the name stored in `notices.kind`. A new kind: its template here. */
export const NOTICE_TEMPLATES = {
  welcome,
  'payment-succeeded': paymentSucceeded,
  'payment-failed': paymentFailed,
  'renewal-reminder': renewalReminder,
  'leave-confirmed': leaveConfirmed,
  'leave-undone': leaveUndone,
  announcement,
  'konbini-voucher': konbiniVoucher,
  'konbini-voucher-canceled': konbiniVoucherCanceled,
  'card-ended-beside-konbini': cardEndedBesideKonbini,
  'presale-won': presaleWon,
  'presale-lost': presaleLost,
  'presale-second-chance-won': presaleSecondChanceWon,
  'presale-paid': presalePaid,
  'presale-card-failed': presaleCardFailed,
  'presale-card-action': presaleCardAction,
  'payment-disputed': paymentDisputed,
  'presale-lapsed': presaleLapsed,
  'presale-cancelled': presaleCancelled,
  'presale-companion-invited': companionInvited,
  'presale-companion-withdrawn': companionWithdrawn,
  'resale-listed': resaleListed,
  'resale-withdrawn': resaleWithdrawn,
  'resale-matched': resaleMatched,
  'resale-refunded': resaleRefunded,
  'resale-waiting': resaleWaiting,
  'resale-won': resaleWon,
  'resale-paid': resalePaid,
  'resale-lapsed': resaleLapsed,
  birthday: birthdayGreeting,
  'support-request': supportRequest,
  'support-answered': supportAnswered,
} as const;

export type NoticeKind = keyof typeof NOTICE_TEMPLATES;

/** The data each kind's template takes. */
export type NoticeData<K extends NoticeKind> =
  (typeof NOTICE_TEMPLATES)[K] extends NoticeTemplate<infer D> ? D : never;

export function isNoticeKind(kind: string): kind is NoticeKind {
  return Object.hasOwn(NOTICE_TEMPLATES, kind);
}

/** What a stored notice says; a kind no longer known (a row from a newer version) gets a neutral text. */
export function noticeContent(kind: string, data: unknown, site: { name: string }): NoticeContent {
  if (!isNoticeKind(kind)) return { subject: 'お知らせ', paragraphs: [] };
  const template = NOTICE_TEMPLATES[kind] as NoticeTemplate<unknown>;
  return template.content(data, site);
}

export function noticeTopic(kind: string): NoticeTemplate['topic'] {
  return isNoticeKind(kind) ? NOTICE_TEMPLATES[kind].topic : null;
}
