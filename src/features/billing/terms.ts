import { INTERVAL_LABELS } from '@/features/membership';
import { formatYen } from '@/lib/yen';

/**
 * What the final confirmation screen must say of a subscription (特定商取引法 as amended in 2022, 最終確認画面): the
 * plan, the price tax included, when and how it is charged, whether and when it renews, the contract period and how
 * to cancel. One source for the payment step and the asct page's wording (docs/decisions/0026).
 */
export interface TermsPlan {
  name: string;
  interval: 'month' | 'year';
  priceYen: number;
}

export interface CancelWay {
  /** 退会 on My page (IS_SHOW_MYPAGE_LEAVE), or the help desk's form. */
  onMyPage: boolean;
  helpDeskHref: string;
}

const PERIOD = { month: '1か月', year: '1年' } as const;

export function orderTerms(plan: TermsPlan, method: 'card' | 'konbini', days: number) {
  const period = PERIOD[plan.interval];
  const price = `${INTERVAL_LABELS[plan.interval]} ${formatYen(plan.priceYen)}`;
  if (method === 'card') {
    return [
      { term: 'プラン', detail: plan.name },
      { term: '料金', detail: `${price}（${period}ごと）` },
      {
        term: 'お支払い方法・時期',
        detail: `クレジットカード。本日この画面で確定した時点で最初の${period}分を決済し、以降は${period}ごとの更新日に自動で決済します。`,
      },
      {
        term: '自動更新',
        detail: `あり。退会のお手続きをされない限り、${period}ごとに自動で更新され、同じ料金が請求されます。`,
      },
      { term: '契約期間', detail: `お支払い日から${period}間（以降${period}ごとに自動更新）` },
    ];
  }
  return [
    { term: 'プラン', detail: plan.name },
    { term: '料金', detail: price },
    {
      term: 'お支払い方法・時期',
      detail: `コンビニ払い。この画面で確定するとお支払い番号を発行します。発行から${days}日後の23時59分までに、コンビニ店頭でお支払いください。期限を過ぎた番号は無効になり、入会は成立しません。`,
    },
    {
      term: '自動更新',
      detail: `なし。会員期間は自動で更新されません。続ける場合は、期間が終わる14日前からマイページで次の期間分をお支払いください。`,
    },
    { term: '契約期間', detail: `お支払いが確認された日から${period}間` },
  ];
}

export function cancelText(way: CancelWay, method: 'card' | 'konbini'): string {
  if (method === 'konbini') {
    return 'コンビニ払いは自動更新されないため、解約のお手続きは不要です。期間の途中でのご返金はいたしかねます。';
  }
  return way.onMyPage
    ? 'マイページの「退会」からいつでもお手続きいただけます。退会後もお支払い済みの期間の終わりまでご利用いただけ、以降の請求はありません。'
    : 'ヘルプデスクのお問い合わせフォームからお申し出ください。お申し出の後、お支払い済みの期間の終わりまでご利用いただけ、以降の請求はありません。';
}
