import { describe, expect, it } from 'vitest';
import { instantsOf, lastMonths, monthsOf, parseMonthRange } from '@/features/billing/staff/sales/months';

describe('sales months', () => {
  it('are Japan-time months: 1 December 00:30 in Japan is still 30 November in UTC', () => {
    expect(lastMonths(new Date('2026-11-30T15:30:00Z'), 3)).toEqual({ from: '2026-10', to: '2026-12' });
    expect(instantsOf({ from: '2026-10', to: '2026-12' })).toEqual({
      from: new Date('2026-09-30T15:00:00Z'),
      to: new Date('2026-12-31T15:00:00Z'),
    });
  });

  it('list a range newest first, across a year', () => {
    expect(monthsOf({ from: '2025-11', to: '2026-02' })).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('take an export range from the query, the last twelve months by default, two years at most', () => {
    const now = new Date('2026-11-27T03:00:00Z');
    expect(parseMonthRange(new URLSearchParams(), now)).toEqual({ from: '2025-12', to: '2026-11' });
    expect(parseMonthRange(new URLSearchParams('from=2025-01&to=2026-12'), now)).toEqual({
      from: '2025-01',
      to: '2026-12',
    });
    expect(parseMonthRange(new URLSearchParams('from=2024-12&to=2026-12'), now)).toBeNull();
    expect(parseMonthRange(new URLSearchParams('from=2026-11&to=2026-10'), now)).toBeNull();
    expect(parseMonthRange(new URLSearchParams('from=2026-13&to=2026-12'), now)).toBeNull();
    expect(parseMonthRange(new URLSearchParams('from=0001-01&to=9999-12'), now)).toBeNull();
  });
});
