import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';

export interface SupportRequestData {
  threadId: string;
  memberNumber: string;
  /** お支払い・チケット・その他: what the question is about (the message itself stays in the console). */
  about: string;
  /** A new question, or the fan's answer in a thread. */
  followUp: boolean;
}

/**
 * To the club's owners and support staff (never a member): a fan asked something (decision 0053). The mail names the
 * member number and the subject only; the message is read in the console, behind the staff sign-in.
 */
export const supportRequest: NoticeTemplate<SupportRequestData> = {
  topic: null,
  content: (d) => ({
    subject: d.followUp ? '【お問い合わせ】会員から返信がありました' : '【お問い合わせ】新しいお問い合わせ',
    paragraphs: [
      `会員番号 ${d.memberNumber} の会員から${d.followUp ? '返信' : 'お問い合わせ'}がありました（${d.about}）。`,
      '内容はスタッフ管理の「お問い合わせ」でご確認のうえ、回答してください。',
    ],
    action: { label: 'お問い合わせを開く', path: paths.staff.supportThread(d.threadId) },
  }),
};

export interface SupportAnsweredData {
  threadId: string;
  about: string;
}

/** To the fan: the club answered their question; the answer is read on My page. */
export const supportAnswered: NoticeTemplate<SupportAnsweredData> = {
  topic: null,
  content: (d, site) => ({
    subject: 'お問い合わせに回答しました',
    paragraphs: [
      `${site.name}の運営事務局から、お問い合わせ（${d.about}）への回答があります。`,
      '回答の内容はマイページの「お問い合わせ」でご確認いただけます。続けてご返信もいただけます。',
    ],
    action: { label: '回答を見る', path: paths.contactThread(d.threadId) },
  }),
};
