/** Where a presale stands, from the clock and whether its results are out (受付前 / 受付中 / 受付終了 / 抽選済). */
export type PresaleState = 'upcoming' | 'open' | 'closed' | 'drawn' | 'cancelled';

export const PRESALE_STATE_LABELS: Record<PresaleState, string> = {
  upcoming: '受付前',
  open: '受付中',
  closed: '受付終了',
  drawn: '抽選済',
  cancelled: '中止',
};

export interface PresaleClock {
  opensAt: Date;
  closesAt: Date;
  resultsAt: Date;
  drawnAt: Date | null;
  /** The event was cancelled (中止), whatever the clock says. */
  cancelledAt?: Date | null;
}

/** Whether the results are out: drawn and the results time reached (a cancelled event's draw included). */
export const resultsOut = (presale: PresaleClock, now: Date) =>
  presale.drawnAt !== null && now >= presale.resultsAt;

/** Drawn shows only from the results time: until then a draw already made is still 受付終了 to everyone. */
export function presaleState(presale: PresaleClock, now: Date): PresaleState {
  if (presale.cancelledAt) return 'cancelled';
  if (now < presale.opensAt) return 'upcoming';
  if (now < presale.closesAt) return 'open';
  if (resultsOut(presale, now)) return 'drawn';
  return 'closed';
}
