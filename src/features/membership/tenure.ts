import { addDays, differenceInYears } from 'date-fns';

/**
 * 会員歴: continuous years of membership (issue 43, docs/decisions/0052). Counted from the membership periods that
 * exist (a card subscription's run, each konbini period, a staff grant), never stored: periods that follow one another
 * with a gap of at most the site's grace days are one run; a plan change is two periods with no gap, so it keeps the
 * years; a gap longer than the grace starts a new run, counted from its first day.
 */
export interface MembershipPeriod {
  start: Date;
  end: Date;
}

export interface TenureMarkSetting {
  years: number;
  label: string;
}

export interface Tenure {
  /** The first day of the run the member is in now. */
  since: Date;
  /** Full years of the run so far (0 in the first year). */
  fullYears: number;
  /** The year of membership as the card says it: 1年目 in the first year. */
  yearOfMembership: number;
  /** Where the paid periods of the run end now. */
  paidUntil: Date;
  /** After this instant, without a new period, the run is over and the years start again. */
  lapsesAt: Date;
}

/** Periods merged into runs: sorted by start, each run's periods within `graceDays` of the one before. */
export function tenureRuns(periods: readonly MembershipPeriod[], graceDays: number): MembershipPeriod[] {
  const sorted = periods.filter((p) => p.end > p.start).sort((a, b) => a.start.getTime() - b.start.getTime());
  const runs: MembershipPeriod[] = [];
  for (const period of sorted) {
    const last = runs.at(-1);
    if (last && period.start <= addDays(last.end, graceDays)) {
      if (period.end > last.end) last.end = period.end;
    } else {
      runs.push({ start: period.start, end: period.end });
    }
  }
  return runs;
}

/**
 * The member's tenure at `now`: the run that has started and whose end plus the grace has not passed. Null when the
 * member has no such run (never paid, or lapsed beyond the grace: a new period then starts again at 1年目).
 */
export function tenureAt(periods: readonly MembershipPeriod[], now: Date, graceDays: number): Tenure | null {
  const run = tenureRuns(periods, graceDays).findLast((r) => r.start <= now);
  if (!run) return null;
  const lapsesAt = addDays(run.end, graceDays);
  if (now > lapsesAt) return null;
  const fullYears = Math.max(0, differenceInYears(now, run.start));
  return { since: run.start, fullYears, yearOfMembership: fullYears + 1, paidUntil: run.end, lapsesAt };
}

/** The highest mark the member holds: the largest configured years not above the full years of the run. */
export function tenureMark<M extends TenureMarkSetting>(fullYears: number, marks: readonly M[]): M | null {
  let held: M | null = null;
  for (const mark of marks) if (mark.years <= fullYears && (!held || mark.years > held.years)) held = mark;
  return held;
}
