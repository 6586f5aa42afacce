import type { ReactNode } from 'react';
import { formatDateJa } from '@/lib/dates';

export interface MemberCardProps {
  serviceName: string;
  nickname: string;
  memberNumber: string;
  planName: string;
  joinedAt: Date;
  /** The next renewal, or the last day when the member has left. */
  periodEnd: Date | null;
  leaving: boolean;
  membershipYear: number;
  /** The card's living code (src/features/tickets), shown under the card for checks at events. */
  code?: ReactNode;
}

/** The digital member card, in the theme's member-card colour. */
export function MemberCard(card: MemberCardProps) {
  if (card.code) {
    return (
      <div className="flex flex-col items-center gap-3">
        <MemberCard {...card} code={undefined} />
        <div data-testid="member-card-code" className="flex flex-col items-center gap-1">
          {card.code}
          <p className="text-xs">会員証コード（30秒ごとに変わります・スクリーンショットは無効です）</p>
        </div>
      </div>
    );
  }
  return (
    <section
      aria-label="会員証"
      data-testid="member-card"
      className="relative mx-auto min-h-52 w-full sm:aspect-[1.586] max-w-md overflow-hidden rounded-2xl bg-member-card p-5 text-on-member-card shadow-lg md:p-7"
    >
      <div className="flex h-full flex-col justify-between gap-4">
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm font-bold tracking-wider break-words">{card.serviceName}</p>
          <p className="shrink-0 text-[10px] font-bold tracking-[0.2em]">MEMBER&apos;S CARD</p>
        </div>
        <div>
          <p className="text-xs">会員番号</p>
          <p className="text-3xl font-bold tracking-[0.18em] md:text-4xl" data-testid="card-member-number">
            {card.memberNumber}
          </p>
          <p className="mt-1 text-lg font-bold break-words" data-testid="card-nickname">
            {card.nickname}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          <div>
            <dt className="inline">プラン：</dt>
            <dd className="inline font-bold" data-testid="card-plan">
              {card.planName}
            </dd>
          </div>
          <div>
            <dt className="inline">会員歴：</dt>
            <dd className="inline font-bold" data-testid="card-years">
              {card.membershipYear}年目
            </dd>
          </div>
          <div>
            <dt className="inline">入会日：</dt>
            <dd className="inline font-bold">{formatDateJa(card.joinedAt)}</dd>
          </div>
          {card.periodEnd && (
            <div>
              <dt className="inline">{card.leaving ? '有効期限：' : '次回更新日：'}</dt>
              <dd className="inline font-bold" data-testid="card-period-end">
                {formatDateJa(card.periodEnd)}
              </dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}
