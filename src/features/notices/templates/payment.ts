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
