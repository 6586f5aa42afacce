/** What a thread is about, in the words both sides see. */
export const SUBJECT_LABELS = { general: 'その他', payment: 'お支払い', ticket: 'チケット' } as const;
export const STATUS_LABELS = { open: '回答待ち', answered: '回答済み', closed: '完了' } as const;

export type SupportSubject = keyof typeof SUBJECT_LABELS;
export type SupportStatus = keyof typeof STATUS_LABELS;

export interface SupportMessageView {
  id: string;
  author: 'member' | 'staff';
  body: string;
  createdAt: string;
}

/** A thread as its fan and the club's staff see it (dates as ISO strings). */
export interface SupportThreadView {
  id: string;
  subject: SupportSubject;
  status: SupportStatus;
  memberId: string;
  memberNumber: string | null;
  nickname: string | null;
  planName: string | null;
  fromPath: string | null;
  paymentRef: string | null;
  paymentLabel: string | null;
  ticketId: string | null;
  ticketLabel: string | null;
  lastMessageAt: string;
  createdAt: string;
  messages: SupportMessageView[];
}
