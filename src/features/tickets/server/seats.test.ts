import { describe, expect, it } from 'vitest';
import { seatLabel, seatOrder } from './seats';

describe('seats', () => {
  it('label 20 seats a row and 10 rows a block', () => {
    expect(seatLabel('指定席', 0)).toBe('指定席 Aブロック 1列 1番');
    expect(seatLabel('指定席', 19)).toBe('指定席 Aブロック 1列 20番');
    expect(seatLabel('指定席', 20)).toBe('指定席 Aブロック 2列 1番');
    expect(seatLabel('指定席', 200)).toBe('指定席 Bブロック 1列 1番');
    expect(seatLabel('立見', 26 * 200)).toBe('立見 A1ブロック 1列 1番');
    const labels = new Set(Array.from({ length: 20_000 }, (_, i) => seatLabel('S席', i)));
    expect(labels.size).toBe(20_000);
  });

  it('are taken in an order fixed by the published seed, not by the order of payment', () => {
    const apps = ['A001', 'B002', 'C003', 'D004', 'E005'].map((receiptNo) => ({ receiptNo }));
    const once = seatOrder('seed-1', apps).map((a) => a.receiptNo);
    expect(seatOrder('seed-1', [...apps].reverse()).map((a) => a.receiptNo)).toEqual(once);
    expect(seatOrder('seed-2', apps).map((a) => a.receiptNo)).not.toEqual(once);
    expect([...once].sort()).toEqual(apps.map((a) => a.receiptNo));
  });
});
