import { formatDeadline } from './presale';
import type { NoticeTemplate } from './types';

/**
 * A member named as a companion (同行者) is told at once, and an applicant whose companion applied on their own is
 * told they may name someone else (issue 37). About tickets: always sent, no topic.
 */
export interface CompanionInvitedData {
  title: string;
  /** The inviter's nickname as on the site; null when they have none. */
  inviter: string | null;
  tickets: number;
  /** The presale's close (ISO): the answer is due by then. */
  answerBy: string;
  /** The TICKET item's page, where the invitation is answered. */
  path: string;
}

export const companionInvited: NoticeTemplate<CompanionInvitedData> = {
  topic: null,
  content: (d) => ({
    subject: `【同行のご依頼】${d.title}`,
    paragraphs: [
      `${d.inviter ?? '会員'}さんから、「${d.title}」のファンクラブ先行（${d.tickets}枚）の同行者に指定されました。`,
      `${formatDeadline(d.answerBy)}（受付終了）までに、公演ページのファンクラブ先行欄で「承認する」か「お断りする」を選んでください。ご回答がないまま受付が終了すると、このご依頼はなくなります。`,
      'ご自身でお申し込みいただくこともできます。その場合、このご依頼は自動的に取り消されます。',
      'お心当たりのないご依頼は、お断りの際に「この会員からの同行依頼を今後受け取らない」を選ぶと、この方から再び指定されることはありません。',
    ],
    action: { label: 'ご依頼に回答する', path: d.path },
  }),
};

export interface CompanionWithdrawnData {
  title: string;
  receiptNo: string;
  /** The companion's member number as the applicant typed it. */
  companionNumber: number;
  /** The presale's close (ISO): another companion may be named until then. */
  closesAt: string;
  path: string;
}

export const companionWithdrawn: NoticeTemplate<CompanionWithdrawnData> = {
  topic: null,
  content: (d) => ({
    subject: `【同行者の変更のお願い】${d.title}`,
    paragraphs: [
      `「${d.title}」のファンクラブ先行で同行者に指定された会員番号 ${d.companionNumber} の方が、ご自身でお申し込みになったため、同行者から外れました。`,
      `受付番号: ${d.receiptNo}`,
      `${formatDeadline(d.closesAt)}（受付終了）までに「内容を変更する」から別の同行者を指定できます。指定がない場合、その方の分の枚数は抽選の対象外となります。`,
    ],
    action: { label: 'お申し込みを確認する', path: d.path },
  }),
};
