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
  /** The highest tenure mark the member holds (the site's TENURE.MARKS), shown as a seal on the card. */
  tenureMark?: { years: number; label: string } | null;
  /** Where the continuous run of 会員歴 began, when that is not the join date (the member came back after a lapse). */
  tenureSince?: Date | null;
  /** The member's birthday today (Japan time): the card is decorated for the day. */
  birthday?: boolean;
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
      data-birthday={card.birthday ? 'true' : undefined}
      className={`relative mx-auto min-h-52 w-full sm:aspect-[1.586] max-w-md overflow-hidden rounded-2xl bg-member-card p-5 text-on-member-card shadow-lg md:p-7 ${card.birthday ? 'ring-4 ring-tertiary ring-offset-2 ring-offset-surface' : ''}`}
    >
      {card.birthday && <BirthdayDecoration />}
      <div className="relative flex h-full flex-col justify-between gap-4">
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm font-bold tracking-wider break-words">{card.serviceName}</p>
          <p className="shrink-0 text-[10px] font-bold tracking-[0.2em]">MEMBER&apos;S CARD</p>
        </div>
        {card.birthday && (
          <p
            data-testid="card-birthday"
            className="-mt-2 self-start rounded-full bg-on-member-card px-3 py-0.5 text-xs font-bold tracking-wider text-member-card"
          >
            <span aria-hidden="true" className="mr-2 hidden sm:inline">
              HAPPY BIRTHDAY
            </span>
            お誕生日おめでとうございます
          </p>
        )}
        <div className="relative">
          {card.tenureMark && <TenureSeal label={card.tenureMark.label} years={card.tenureMark.years} />}
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
          {card.tenureSince && (
            <div>
              <dt className="inline">継続開始：</dt>
              <dd className="inline font-bold" data-testid="card-since">
                {formatDateJa(card.tenureSince)}
              </dd>
            </div>
          )}
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

/** The tenure mark: a round seal in the card's own colours, inverted, with the site's label for it. */
function TenureSeal({ label, years }: { label: string; years: number }) {
  return (
    <div
      data-testid="card-tenure-mark"
      className="absolute top-0 right-0 flex size-20 flex-col items-center justify-center rounded-full border-2 border-dashed border-member-card bg-on-member-card text-center text-member-card shadow-md outline-2 outline-on-member-card"
    >
      <span className="sr-only">会員歴の証：</span>
      <span aria-hidden="true" className="text-[10px] leading-none">
        ★
      </span>
      <span className="text-xl leading-none font-bold">{years}</span>
      <span className="max-w-[4.25rem] text-[9px] leading-tight font-bold break-all">{label}</span>
    </div>
  );
}

/** The day's decoration: confetti in the site's accent colours along the card's edges, clear of its text. */
function BirthdayDecoration() {
  const dots = [
    [1.5, 12, 'bg-tertiary'],
    [1.5, 40, 'bg-primary'],
    [1.5, 68, 'bg-on-member-card'],
    [97, 30, 'bg-tertiary'],
    [97, 58, 'bg-on-member-card'],
    [97, 86, 'bg-primary'],
    [20, 2.5, 'bg-primary'],
    [48, 2.5, 'bg-tertiary'],
    [30, 96, 'bg-on-member-card'],
    [62, 96, 'bg-tertiary'],
    [84, 96, 'bg-primary'],
  ] as const;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {dots.map(([left, top, colour], index) => (
        <span
          key={index}
          className={`absolute size-2 rotate-45 rounded-[2px] opacity-70 ${colour}`}
          style={{ left: `${left}%`, top: `${top}%` }}
        />
      ))}
    </div>
  );
}
