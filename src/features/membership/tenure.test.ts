import { describe, expect, it } from 'vitest';
import { tenureAt, tenureMark, tenureRuns } from './tenure';

const d = (iso: string) => new Date(`${iso}T00:00:00+09:00`);
const period = (start: string, end: string) => ({ start: d(start), end: d(end) });
const MARKS = [
  { years: 1, label: '1年' },
  { years: 3, label: '3年' },
  { years: 5, label: '5年' },
  { years: 10, label: '10年' },
];

describe('会員歴 (tenure)', () => {
  it('keeps the years through a renewal within the grace', () => {
    // A konbini year, paid again 20 days after it ended; the grace is 30 days.
    const periods = [period('2022-04-01', '2023-04-01'), period('2023-04-21', '2024-04-21')];
    const tenure = tenureAt(periods, d('2024-04-10'), 30)!;
    expect(tenure.since).toEqual(d('2022-04-01'));
    expect(tenure.fullYears).toBe(2);
    expect(tenure.yearOfMembership).toBe(3);
    expect(tenureRuns(periods, 30)).toHaveLength(1);
  });

  it('starts again after a lapse beyond the grace', () => {
    const periods = [period('2022-04-01', '2023-04-01'), period('2023-05-02', '2024-05-02')];
    const tenure = tenureAt(periods, d('2024-04-10'), 30)!;
    expect(tenure.since).toEqual(d('2023-05-02'));
    expect(tenure.yearOfMembership).toBe(1);
    expect(tenureRuns(periods, 30)).toHaveLength(2);
  });

  it('counts the grace in whole days: the last day keeps the years, the day after does not', () => {
    const first = period('2020-01-01', '2021-01-01');
    expect(tenureAt([first, period('2021-01-31', '2022-01-31')], d('2021-06-01'), 30)!.since).toEqual(
      d('2020-01-01'),
    );
    expect(tenureAt([first, period('2021-02-01', '2022-02-01')], d('2021-06-01'), 30)!.since).toEqual(
      d('2021-02-01'),
    );
  });

  it('keeps the years through a plan change (the new plan starts where the old one ends)', () => {
    // Monthly by card for two years, then yearly at the konbini from the day the last month ended.
    const periods = [period('2021-03-15', '2023-03-15'), period('2023-03-15', '2024-03-15')];
    const tenure = tenureAt(periods, d('2024-03-01'), 0)!;
    expect(tenure.fullYears).toBe(2);
    expect(tenureMark(tenure.fullYears, MARKS)?.label).toBe('1年');
  });

  it('counts an overlapping period (a konbini year paid early) once', () => {
    const periods = [period('2021-01-01', '2022-01-01'), period('2021-12-20', '2023-01-01')];
    expect(tenureRuns(periods, 0)).toEqual([period('2021-01-01', '2023-01-01')]);
  });

  it('is still the run during the grace, and says when it lapses', () => {
    const periods = [period('2020-01-01', '2024-01-01')];
    const tenure = tenureAt(periods, d('2024-01-20'), 30)!;
    expect(tenure.fullYears).toBe(4);
    expect(tenure.lapsesAt).toEqual(d('2024-01-31'));
    expect(tenureAt(periods, d('2024-02-01'), 30)).toBeNull();
  });

  it('gives the highest mark reached, none in the first year', () => {
    expect(tenureMark(0, MARKS)).toBeNull();
    expect(tenureMark(1, MARKS)?.years).toBe(1);
    expect(tenureMark(4, MARKS)?.years).toBe(3);
    expect(tenureMark(12, MARKS)?.years).toBe(10);
  });

  it('has no tenure before any period, or for empty periods', () => {
    expect(tenureAt([], d('2024-01-01'), 30)).toBeNull();
    expect(tenureAt([period('2025-01-01', '2026-01-01')], d('2024-01-01'), 30)).toBeNull();
    expect(tenureAt([period('2024-01-01', '2024-01-01')], d('2024-01-01'), 30)).toBeNull();
  });
});
