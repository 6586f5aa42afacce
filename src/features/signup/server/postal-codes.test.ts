import { describe, expect, it } from 'vitest';
import { PREFECTURES } from '@/features/signup/prefectures';
import { lookupPostalCode } from '@/features/signup/server/postal-codes';

describe('lookupPostalCode', () => {
  // First in the file, so that it measures the one load of the data set.
  it('answers the first lookup quickly, loading the data once', async () => {
    const started = performance.now();
    const addresses = await lookupPostalCode('1000001');
    const first = performance.now() - started;

    const again = performance.now();
    await lookupPostalCode('1000001');
    const second = performance.now() - again;

    expect(addresses).toEqual([
      { postalCode: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田' },
    ]);
    // About 0.1 s here; the bound leaves room for a busy machine.
    expect(first).toBeLessThan(3000);
    expect(second).toBeLessThan(50);
  });

  it('gives an empty town where the data set says 以下に掲載がない場合', async () => {
    expect(await lookupPostalCode('0600000')).toEqual([
      { postalCode: '0600000', prefecture: '北海道', city: '札幌市中央区', town: '' },
    ]);
  });

  it('lists every town a code covers', async () => {
    const addresses = await lookupPostalCode('4520961');
    expect(addresses.length).toBeGreaterThan(10);
    expect(new Set(addresses.map(({ prefecture, city }) => `${prefecture}${city}`))).toEqual(
      new Set(['愛知県清須市']),
    );
    expect(addresses.map(({ town }) => town)).toEqual(expect.arrayContaining(['春日明河原', '春日夢の森']));
  });

  it('lists each prefecture of a code that crosses a prefecture border', async () => {
    expect(await lookupPostalCode('4980000')).toEqual([
      { postalCode: '4980000', prefecture: '愛知県', city: '弥富市', town: '' },
      { postalCode: '4980000', prefecture: '三重県', city: '桑名郡木曽岬町', town: '' },
    ]);
  });

  it('names prefectures as the address form lists them', async () => {
    for (const code of ['0600000', '1000001', '4520961', '5300001', '9071801']) {
      for (const { prefecture } of await lookupPostalCode(code)) expect(PREFECTURES).toContain(prefecture);
    }
  });

  it('answers [] for a code no address has', async () => {
    expect(await lookupPostalCode('1234567')).toEqual([]);
    expect(await lookupPostalCode('0000000')).toEqual([]);
  });

  it('answers [] for anything but 7 digits rather than padding it into some code', async () => {
    expect(await lookupPostalCode('100001')).toEqual([]);
    expect(await lookupPostalCode('100-0001')).toEqual([]);
    expect(await lookupPostalCode('')).toEqual([]);
  });
});
