/** Where a presale stands, from the clock and whether its results are out (受付前 / 受付中 / 受付終了 / 抽選済). */
export type PresaleState = 'upcoming' | 'open' | 'closed' | 'drawn';

export const PRESALE_STATE_LABELS: Record<PresaleState, string> = {
  upcoming: '受付前',
  open: '受付中',
  closed: '受付終了',
  drawn: '抽選済',
};

export interface PresaleClock {
  opensAt: Date;
  closesAt: Date;
  resultsAt: Date;
  drawnAt: Date | null;
}

/** Drawn shows only from the results time: until then a draw already made is still 受付終了 to everyone. */
export function presaleState(presale: PresaleClock, now: Date): PresaleState {
  if (now < presale.opensAt) return 'upcoming';
  if (now < presale.closesAt) return 'open';
  if (presale.drawnAt && now >= presale.resultsAt) return 'drawn';
  return 'closed';
}
