import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';
import { formatYenAmount } from '@/lib/yen';

export interface PaymentData {
  planName: string;
  amountYen: number;
  paidUntil: string | null;
  /** The payment's receipt (its id on /mypage/payments/[id]/receipt), when known. */
  receiptId?: string | null;
}

export const paymentSucceeded: NoticeTemplate<PaymentData> = {
  topic: null,
  content: (data) => ({
    subject: 'お支払いを受け付けました',
    paragraphs: [
      `${data.planName}のお支払い（${formatYenAmount(data.amountYen)}）を受け付けました。`,
      ...(data.paidUntil ? [`会員期間: ${formatDateJa(data.paidUntil)}まで`] : []),
      data.receiptId
        ? '領収書は下のボタンからご覧いただけます。'
        : 'お支払いの履歴と領収書はマイページでご確認いただけます。',
    ],
    action: data.receiptId
      ? { label: '領収書を見る', path: paths.receipt(data.receiptId) }
      : { label: 'お支払いの履歴を見る', path: paths.myPage() },
  }),
};

export interface PaymentFailedData {
  planName: string;
}

export const paymentFailed: NoticeTemplate<PaymentFailedData> = {
  topic: null,
  content: (data) => ({
    subject: '会費のお支払いができませんでした',
    paragraphs: [
      `${data.planName}の更新のお支払いが、ご登録のカードでできませんでした。`,
      'マイページの「カードを変更する」から新しいカードをご登録ください。ご登録後、あらためてお支払いいたします。',
    ],
    action: { label: 'カードを変更する', path: paths.changeCard() },
  }),
};

export interface PaymentDisputedData {
  /** 'membership' or 'presale': what the disputed payment paid for. */
  purpose: 'membership' | 'presale' | 'resale';
  amountYen: number;
  reason: string;
  /** 'open' when the card holder disputed it; 'won' or 'lost' when the card company decided. */
  status: 'open' | 'won' | 'lost';
  memberNumber: string | null;
  /** The member's console page, when the payer is known. */
  memberId: string | null;
}

const DISPUTE_OUTCOME = {
  open: 'カード会員がカード会社に異議を申し立てました（チャージバック）。',
  won: 'カード会社の判断により、異議申し立ては却下されました（売上は戻ります）。',
  lost: 'カード会社の判断により、異議申し立てが認められました（売上は取り消されます）。',
} as const;

/** To the club's owners (never a member): a chargeback of one of its payments (docs/decisions/0047). */
export const paymentDisputed: NoticeTemplate<PaymentDisputedData> = {
  topic: null,
  content: (d) => ({
    subject:
      d.status === 'open' ? '【要確認】お支払いに異議申し立てがありました' : '【結果】異議申し立ての結果',
    paragraphs: [
      DISPUTE_OUTCOME[d.status],
      `対象: ${d.purpose === 'presale' ? '先行チケット代金' : d.purpose === 'resale' ? 'リセールチケット代金' : '会費'} ${formatYenAmount(d.amountYen)}（理由: ${d.reason}）`,
      ...(d.memberNumber ? [`会員番号: ${d.memberNumber}`] : []),
      '会員資格とチケットは自動では取り消していません。内容を確認し、必要な対応をスタッフ管理から行ってください。',
    ],
    action: d.memberId
      ? { label: '会員の詳細を見る', path: paths.staff.member(d.memberId) }
      : { label: '売上を見る', path: paths.staff.sales() },
  }),
};

export interface KonbiniVoucherCanceledData {
  planName: string;
  amountYen: number;
  paymentNumber: string | null;
}

/** A membership voucher cancelled because the card paid the same period (billing's cancelVouchersBesideCard). */
export const konbiniVoucherCanceled: NoticeTemplate<KonbiniVoucherCanceledData> = {
  topic: null,
  content: (data) => ({
    subject: 'コンビニ払いのお支払い番号を取り消しました',
    paragraphs: [
      'カードでのお支払いが完了したため、コンビニ払いのお支払い番号を取り消しました。',
      `${data.planName}の会費（${formatYenAmount(data.amountYen)}）${data.paymentNumber ? `・お支払い番号: ${data.paymentNumber}` : ''}`,
      'この番号ではお支払いいただけません。会費はご登録のカードでお支払いいただいています。',
    ],
    action: { label: 'マイページで確認する', path: paths.myPage() },
  }),
};

export interface CardEndedBesideKonbiniData {
  /** The card subscription's plan. */
  planName: string;
  /** The end of the konbini period paid (ISO). */
  paidUntil: string;
}

/**
 * A card whose renewal had failed, ended because the member paid the period at a konbini (billing's
 * endCardsBesideKonbini): the card is not charged for that time after all, and the konbini period does not renew.
 */
export const cardEndedBesideKonbini: NoticeTemplate<CardEndedBesideKonbiniData> = {
  topic: null,
  content: (data) => ({
    subject: 'カードでの会費のお支払いを停止しました',
    paragraphs: [
      'コンビニで会費をお支払いいただいたため、更新できなかったカードでのお支払いを停止しました。',
      `${data.planName}の更新分をカードにあらためて請求することはありません。会員期間はコンビニでお支払いいただいた${formatDateJa(data.paidUntil)}までです。`,
      'コンビニ払いの会員期間は自動で更新されません。期間の終わりが近づきましたら、マイページから次のお支払い方法をお選びください。',
    ],
    action: { label: 'マイページで確認する', path: paths.myPage() },
  }),
};
