import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import type { NoticeTemplate } from './types';

/** The presale's money and tickets mails (docs/decisions/0032): always sent, no topic. */
const TICKETS = `${paths.myPage()}#tickets`;

const JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
/** "2026年12月13日(日) 23:59": a deadline with its time, in Japan time. */
export const formatDeadline = (iso: string) => JST.format(new Date(iso));

export interface PresaleWonData {
  title: string;
  receiptNo: string;
  /** Which choice won: 1 is 第1希望. */
  rank: number;
  performance: string;
  seatType: string;
  tickets: number;
  amountYen: number;
  method: 'card' | 'konbini';
  /** The konbini voucher's deadline (ISO); null for the card. */
  payBy: string | null;
  /** The companion's copy: the applicant pays. */
  companion: boolean;
}

export const presaleWon: NoticeTemplate<PresaleWonData> = {
  topic: null,
  content: (d) => ({
    subject: `【当選】${d.title}`,
    paragraphs: [
      d.companion
        ? `同行者としてご参加の「${d.title}」のファンクラブ先行は、当選となりました。`
        : `「${d.title}」のファンクラブ先行にお申し込みいただきありがとうございます。抽選の結果、当選となりました。`,
      `受付番号: ${d.receiptNo}`,
      `当選: 第${d.rank}希望 ${d.performance} ${d.seatType} ${d.tickets}枚`,
      ...(d.companion
        ? ['お支払いはお申し込みいただいた方がまとめて行います。']
        : [
            `お支払い金額: ${yen(d.amountYen)}（税込）`,
            d.method === 'card'
              ? 'お支払い方法: クレジットカード。ご登録のカードで本日決済します。決済の結果は別途お知らせします。'
              : `お支払い方法: コンビニ払い。お支払い番号を別途お知らせします。お支払い期限: ${d.payBy ? formatDeadline(d.payBy) : '別途お知らせします'}`,
            '期限までにお支払いが確認できない場合、当選は無効となります。',
          ]),
    ],
    action: { label: 'マイページのチケットを見る', path: TICKETS },
  }),
};

export interface PresaleLostData {
  title: string;
  receiptNo: string;
  /** Why it was not drawn (void), or null for 落選. */
  voidReason: string | null;
  companion: boolean;
}

export const presaleLost: NoticeTemplate<PresaleLostData> = {
  topic: null,
  content: (d) => ({
    subject: `【抽選結果】${d.title}`,
    paragraphs: [
      `${d.companion ? '同行者としてご参加の' : 'お申し込みいただいた'}「${d.title}」のファンクラブ先行は、${
        d.voidReason ? `抽選の対象外となりました（${d.voidReason}）。` : '誠に残念ながら落選となりました。'
      }`,
      `受付番号: ${d.receiptNo}`,
      'お支払いは発生しません。またのお申し込みをお待ちしております。',
      ...(d.voidReason || d.companion
        ? []
        : [
            'お支払いのなかった席や制作開放席が出た場合の「復活当選」の抽選をご希望の方は、マイページのチケットで「復活当選を希望する」を選んでください。',
          ]),
    ],
    action: { label: '抽選の記録を見る', path: TICKETS },
  }),
};

export interface PresalePaidData {
  title: string;
  receiptNo: string;
  amountYen: number;
  method: 'card' | 'konbini';
  /** The one-off payment: its receipt's address. */
  paymentId: string;
}

export const presalePaid: NoticeTemplate<PresalePaidData> = {
  topic: null,
  content: (d) => ({
    subject: `【お支払い完了】${d.title}`,
    paragraphs: [
      `「${d.title}」のチケット代金 ${yen(d.amountYen)}（税込）のお支払いを${d.method === 'card' ? 'クレジットカードで' : 'コンビニで'}受け付けました。`,
      `受付番号: ${d.receiptNo}`,
      '領収書はマイページからご覧いただけます。',
    ],
    action: { label: '領収書を見る', path: paths.receipt(d.paymentId) },
  }),
};

export interface PresaleCardFailedData {
  title: string;
  receiptNo: string;
  amountYen: number;
  /** The 48-hour grace's end (ISO). */
  dueAt: string;
}

export const presaleCardFailed: NoticeTemplate<PresaleCardFailedData> = {
  topic: null,
  content: (d) => ({
    subject: `【要対応】チケット代金の決済ができませんでした（${d.title}）`,
    paragraphs: [
      `当選した「${d.title}」のチケット代金 ${yen(d.amountYen)}（税込）を、ご登録のカードで決済できませんでした。`,
      `受付番号: ${d.receiptNo}`,
      `${formatDeadline(d.dueAt)}までに、マイページの「チケット」でカードを変更して「もう一度支払う」を押してください。期限を過ぎると当選は無効となります。`,
    ],
    action: { label: 'マイページで支払う', path: TICKETS },
  }),
};

export interface PresaleCardActionData {
  title: string;
  receiptNo: string;
  amountYen: number;
  /** The payment deadline (ISO): the card's 48 hours from the request. */
  dueAt: string;
  presaleId: string;
}

/** The card company asks for the fan's 3-D Secure authentication before it pays (docs/decisions/0047). */
export const presaleCardAction: NoticeTemplate<PresaleCardActionData> = {
  topic: null,
  content: (d) => ({
    subject: `【要対応】カードの本人認証をお願いします（${d.title}）`,
    paragraphs: [
      `当選した「${d.title}」のチケット代金 ${yen(d.amountYen)}（税込）の決済に、カード会社から本人認証（3Dセキュア）を求められました。`,
      `受付番号: ${d.receiptNo}`,
      `${formatDeadline(d.dueAt)}までに、マイページの「チケット」から本人認証を行ってください。認証が済むと決済が完了します。期限を過ぎると当選は無効となります。`,
    ],
    action: { label: '本人認証をする', path: paths.authenticateWin(d.presaleId) },
  }),
};

export interface PresaleLapsedData {
  title: string;
  receiptNo: string;
  companion: boolean;
}

export const presaleLapsed: NoticeTemplate<PresaleLapsedData> = {
  topic: null,
  content: (d) => ({
    subject: `【当選無効】${d.title}`,
    paragraphs: [
      `${d.companion ? '同行者としてご参加の' : '当選した'}「${d.title}」は、お支払い期限までにお支払いが確認できなかったため、当選が無効となりました。`,
      `受付番号: ${d.receiptNo}`,
    ],
    action: { label: 'マイページのチケットを見る', path: TICKETS },
  }),
};

export interface PresaleCancelledData {
  title: string;
  /** null: a ticket bought on the official resale (no application of its own). */
  receiptNo: string | null;
  /** What is given back now (0: nothing was paid). */
  refundYen: number;
  /** What the official resale already gave back of the same payment (face value less the fee, decision 0049). */
  resaleRefundedYen?: number;
  method: 'card' | 'konbini' | null;
}

export const presaleCancelled: NoticeTemplate<PresaleCancelledData> = {
  topic: null,
  content: (d) => ({
    subject: `【公演中止】${d.title}`,
    paragraphs: [
      `「${d.title}」は中止となりました。楽しみにしてくださっていた皆さまに深くお詫び申し上げます。`,
      d.receiptNo ? `受付番号: ${d.receiptNo}` : '公式リセールでご購入いただいたチケット',
      d.refundYen > 0
        ? d.method === 'card'
          ? `お支払いいただいた ${yen(d.refundYen)} は、ご利用のカードへ返金しました。カード会社により明細への反映に時間がかかることがあります。`
          : `お支払いいただいた ${yen(d.refundYen)} は返金の手続きをしました。`
        : d.resaleRefundedYen
          ? `公式リセールでお譲りいただいたチケットの代金 ${yen(d.resaleRefundedYen)} は返金済みのため、追加の返金はありません。`
          : 'お支払いはありません。未払いのお支払い番号は無効になりました。',
      ...(d.resaleRefundedYen && d.refundYen > 0
        ? [
            `公式リセールでお譲りいただいたチケットの代金 ${yen(d.resaleRefundedYen)} は返金済みです。上記の返金は、その残り（中止のためお返しするリセール手数料を含みます）です。`,
          ]
        : []),
    ],
    action: { label: 'マイページのチケットを見る', path: TICKETS },
  }),
};

export interface KonbiniVoucherData {
  /** What it pays for: "年額プラン" or "チケット代金（LIVE 2027）". */
  purpose: string;
  amountYen: number;
  paymentNumber: string;
  confirmationNumber: string | null;
  expiresAt: string;
}

export const konbiniVoucher: NoticeTemplate<KonbiniVoucherData> = {
  topic: null,
  content: (d) => ({
    subject: 'コンビニでのお支払い番号のお知らせ',
    paragraphs: [
      `${d.purpose}のお支払い（${yen(d.amountYen)}・税込）のお支払い番号を発行しました。`,
      `お支払い番号: ${d.paymentNumber}`,
      ...(d.confirmationNumber ? [`確認番号: ${d.confirmationNumber}`] : []),
      `お支払い期限: ${formatDeadline(d.expiresAt)}`,
      '全国のコンビニエンスストアのレジ・端末でお支払いいただけます。期限を過ぎると番号は無効になります。',
    ],
    action: { label: 'マイページで確認する', path: paths.myPage() },
  }),
};

export interface PresaleSecondChanceWonData extends PresaleWonData {
  /** The round's number among the presale's draws (the first round is 1). */
  round: number;
}

/** 復活当選: a member who lost and stayed in line won a returned seat in a second round. */
export const presaleSecondChanceWon: NoticeTemplate<PresaleSecondChanceWonData> = {
  topic: null,
  content: (d) => {
    const won = presaleWon.content(d, { name: '' });
    return {
      subject: `【復活当選】${d.title}`,
      paragraphs: [
        d.companion
          ? `同行者としてご参加の「${d.title}」のファンクラブ先行は、復活当選の抽選（第${d.round}回抽選）で当選となりました。`
          : `「${d.title}」のファンクラブ先行の復活当選の抽選（第${d.round}回抽選）で、当選となりました。`,
        ...won.paragraphs.slice(1),
      ],
      action: won.action,
    };
  },
};
