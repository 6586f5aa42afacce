import type { TicketSchedule } from '@/features/content/types';

const DAY_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

export function applyState(schedule: TicketSchedule, now: Date): '受付前' | '受付中' | '受付終了' {
  if (now < new Date(schedule.applyFrom)) return '受付前';
  return now < new Date(schedule.applyUntil) ? '受付中' : '受付終了';
}

/** The public part of a presale: the performances and the application period. */
export function TicketScheduleView({ schedule, now }: { schedule: TicketSchedule; now: Date }) {
  return (
    <div className="space-y-5">
      <section aria-labelledby="performances">
        <h2 id="performances" className="mb-2 text-sm font-bold text-ink/75">
          公演日程
        </h2>
        <ul className="divide-y divide-line rounded-lg border border-line">
          {schedule.performances.map((show) => (
            <li
              key={show.startsAt + show.venue}
              className="flex flex-col gap-1 px-4 py-3 md:flex-row md:gap-6"
            >
              <span className="font-bold">
                {DAY_TIME.format(new Date(show.startsAt))} 開演
                {show.doorsAt && (
                  <span className="ml-2 text-sm font-normal">
                    （{TIME.format(new Date(show.doorsAt))} 開場）
                  </span>
                )}
              </span>
              <span>
                {show.venue}
                {show.area && <span className="ml-2 text-sm text-ink/75">{show.area}</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="apply-period" className="rounded-lg bg-surface-sub px-4 py-3">
        <h2 id="apply-period" className="text-sm font-bold text-ink/75">
          受付期間（{applyState(schedule, now)}）
        </h2>
        <p className="mt-1">
          {DAY_TIME.format(new Date(schedule.applyFrom))} 〜 {DAY_TIME.format(new Date(schedule.applyUntil))}
        </p>
      </section>
    </div>
  );
}
