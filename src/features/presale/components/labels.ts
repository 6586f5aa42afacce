import type { PresaleView } from '@/features/presale/types';
import { formatYenAmount } from '@/lib/yen';

const DAY_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatJst = (at: string | Date) => DAY_TIME.format(new Date(at));

/** "2/1(日) 18:00 Zepp Haneda S席 8,800円" for every offering of the presale. */
export function offeringLabels(view: Pick<PresaleView, 'performances'>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const performance of view.performances) {
    for (const offering of performance.offerings) {
      labels.set(
        offering.id,
        `${formatJst(performance.startsAt)} ${performance.venue} ${offering.seatType} ${formatYenAmount(offering.priceYen)}`,
      );
    }
  }
  return labels;
}

export const APPLICATION_LABELS: Record<string, string> = {
  applied: '申込済（抽選待ち）',
  won: '当選',
  lost: '落選',
  void: '無効',
  cancelled: '取消済',
  paid: '当選・お支払い済',
  lapsed: '当選無効（お支払い期限切れ）',
  refunded: '公演中止（返金済）',
};

/** A second round's kind as the pages say it (docs/presale-draw.md, section 9). */
export const ROUND_KIND_LABELS: Record<'resale' | 'second-chance', string> = {
  resale: '公式リセール',
  'second-chance': '復活当選',
};
