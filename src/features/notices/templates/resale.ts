import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import { formatDeadline } from './presale';
import type { NoticeTemplate } from './types';

/** 公式リセール's mails (docs/decisions/0049): about money and tickets, always sent. */
const RESALE = `${paths.myPage()}#resale`;

export interface ResaleListedData {
  title: string;
  /** "12月13日(日) 東京ガーデンシアター 指定席" */
  seat: string;
  count: number;
  refundYen: number;
}

export const resaleListed: NoticeTemplate<ResaleListedData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール出品】${d.title}`,
    paragraphs: [
      `「${d.title}」のチケット${d.count}枚を公式リセールに出品しました（${d.seat}）。`,
      `成立した場合の返金額: ${yen(d.refundYen)}（定価から手数料を差し引いた額）`,
      '次回のリセール抽選で購入者が決まり、購入者のお支払いが確認された時点で売買は確定します。成立までは出品を取り消せます。',
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};

export interface ResaleWithdrawnData {
  title: string;
  seat: string;
  count: number;
}

export const resaleWithdrawn: NoticeTemplate<ResaleWithdrawnData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール取消】${d.title}`,
    paragraphs: [
      `「${d.title}」のチケット${d.count}枚の出品を取り消しました（${d.seat}）。チケットは引き続きご利用いただけます。`,
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};

export interface ResaleMatchedData {
  title: string;
  seat: string;
}

export const resaleMatched: NoticeTemplate<ResaleMatchedData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール成立】${d.title}`,
    paragraphs: [
      `出品中の「${d.title}」のチケット（${d.seat}）の購入者が抽選で決まりました。`,
      '購入者のお支払いが確認されると、チケットは購入者に移り、あなたのチケットは無効になります。返金はその後に行います。期限までにお支払いがない場合は、次回の抽選で再び購入者を探します。',
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};

export interface ResaleRefundedData {
  title: string;
  seat: string;
  refundYen: number;
}

export const resaleRefunded: NoticeTemplate<ResaleRefundedData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール返金完了】${d.title}`,
    paragraphs: [
      `「${d.title}」のチケット（${d.seat}）のリセールが完了し、${yen(d.refundYen)}を返金しました。`,
      'お支払いに使われたカードまたはお支払い方法に返金されます（反映の時期はカード会社によります）。',
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};

export interface ResaleWaitingData {
  title: string;
  seat: string;
  tickets: number;
}

export const resaleWaiting: NoticeTemplate<ResaleWaitingData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール待ち登録】${d.title}`,
    paragraphs: [
      `「${d.title}」${d.seat}のリセール待ちに${d.tickets}枚で登録しました。`,
      '出品されたチケットは決まった時刻の抽選で待機中の方に割り当てます。登録の早さや回数は結果に影響しません。',
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};

export interface ResaleWonData {
  title: string;
  seat: string;
  tickets: number;
  amountYen: number;
  method: 'card' | 'konbini';
  dueAt: string;
}

export const resaleWon: NoticeTemplate<ResaleWonData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール当選】${d.title}`,
    paragraphs: [
      `リセール待ちの「${d.title}」${d.seat}が${d.tickets}枚当選しました。`,
      `お支払い金額: ${yen(d.amountYen)}（税込・定価）`,
      d.method === 'card'
        ? 'マイページからご登録のカードでお支払いください。'
        : 'コンビニ払いのお支払い番号を別途お知らせします。',
      `お支払い期限: ${formatDeadline(d.dueAt)}。期限までにお支払いがない場合、当選は無効となり、席は次回の抽選に回ります。`,
    ],
    action: { label: 'マイページで支払う', path: RESALE },
  }),
};

export interface ResalePaidData {
  title: string;
  seat: string;
  tickets: number;
  amountYen: number;
}

export const resalePaid: NoticeTemplate<ResalePaidData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール購入完了】${d.title}`,
    paragraphs: [
      `「${d.title}」${d.seat}のチケット${d.tickets}枚（${yen(d.amountYen)}）のお支払いを受け付けました。`,
      'チケットはあなたのお名前で発券され、マイページの電子チケットに表示されます。',
    ],
    action: { label: '電子チケットを見る', path: `${paths.myPage()}#tickets` },
  }),
};

export interface ResaleLapsedData {
  title: string;
  seat: string;
}

export const resaleLapsed: NoticeTemplate<ResaleLapsedData> = {
  topic: null,
  content: (d) => ({
    subject: `【リセール当選 無効】${d.title}`,
    paragraphs: [
      `「${d.title}」${d.seat}のリセール当選は、お支払い期限を過ぎたため無効となりました。`,
      'ご希望の場合は、もう一度リセール待ちにご登録ください。',
    ],
    action: { label: 'マイページで確認する', path: RESALE },
  }),
};
