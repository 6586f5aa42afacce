import { describe, expect, it } from 'vitest';
import { addressSchema, nicknameSchema, postalCodeSchema, profileSchema } from '@/features/signup/schemas';
import { formatPhoneJa } from '@/lib/phone';

const JAPANESE = /[ぁ-んァ-ヶ一-龠]/;
function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

const profile = {
  familyName: '佐倉',
  givenName: 'ミオ',
  familyNameKana: 'サクラ',
  givenNameKana: 'ミオ',
  birthday: '2000-04-01',
  phone: '090-1234-5678',
};
const address = {
  postalCode: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  street: '神宮前1-2-3',
  building: '',
};

describe('nickname', () => {
  it('accepts Japanese, Latin and digits, trimmed and normalised', () => {
    expect(nicknameSchema.parse({ nickname: '  ミオ推し２０２６ ' })).toEqual({ nickname: 'ミオ推し2026' });
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['too long', 'あ'.repeat(21)],
    ['an emoji', 'ミオ💖'],
    ['an HTML fragment', '<script>alert(1)</script>'],
    ['an invisible character', 'ミオ\u200b'],
  ])('refuses %s with a Japanese message', (_name, nickname) => {
    const result = nicknameSchema.safeParse({ nickname });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toMatch(JAPANESE);
  });
});

describe('profile', () => {
  it('normalises phone numbers and turns hiragana readings into katakana', () => {
    const parsed = profileSchema.parse({
      ...profile,
      familyNameKana: 'さくら',
      phone: '０９０ー１２３４ー５６７８',
    });
    expect(parsed.familyNameKana).toBe('サクラ');
    expect(parsed.phone).toBe('09012345678');
    expect(profileSchema.parse({ ...profile, phone: '03-1234-5678' }).phone).toBe('0312345678');
    // Kept as digits, shown again grouped wherever a person reads it (one rule: src/lib/phone.ts).
    expect(formatPhoneJa(parsed.phone)).toBe('090-1234-5678');
  });

  it.each([
    ['a reading in kanji', { familyNameKana: '佐倉' }, 'セイは全角カタカナで入力してください'],
    ['a reading in Latin letters', { givenNameKana: 'mio' }, 'メイは全角カタカナで入力してください'],
    ['a name with an emoji', { givenName: 'ミオ🎤' }, '名に絵文字は使えません'],
    [
      'a name with SQL',
      { familyName: "'; DROP TABLE members; --" },
      '姓は漢字・かな・英字で入力してください',
    ],
    ['an empty family name', { familyName: '' }, '姓を入力してください'],
    [
      'a phone number without its leading 0',
      { phone: '9012345678' },
      '電話番号は0から始まる10桁または11桁の数字で入力してください',
    ],
    [
      'a phone number too short',
      { phone: '03-1234' },
      '電話番号は0から始まる10桁または11桁の数字で入力してください',
    ],
    ['a birthday that does not exist', { birthday: '2001-02-29' }, '生年月日が正しくありません'],
    ['a birthday in the future', { birthday: '2999-01-01' }, '生年月日が正しくありません'],
    ['no birthday', { birthday: '' }, '生年月日を入力してください'],
  ])('refuses %s', (_name, change, message) => {
    expect(firstMessage(profileSchema.safeParse({ ...profile, ...change }))).toBe(message);
  });
});

describe('address', () => {
  it('takes the postal code with or without hyphen, in any width', () => {
    expect(addressSchema.parse(address).postalCode).toBe('1500001');
    expect(postalCodeSchema.parse('〒１５０−０００１')).toBe('1500001');
  });

  it.each([
    ['a 6-digit postal code', { postalCode: '150-001' }, '郵便番号は7桁の数字で入力してください'],
    ['letters in the postal code', { postalCode: 'abc-defg' }, '郵便番号は7桁の数字で入力してください'],
    ['an unknown prefecture', { prefecture: '東京' }, '都道府県を選択してください'],
    ['no street', { street: '' }, '番地を入力してください'],
    [
      'a building name of 101 characters',
      { building: 'a'.repeat(101) },
      '建物名・部屋番号は100文字以内で入力してください',
    ],
    ['an HTML fragment', { city: '<b>渋谷区</b>' }, '市区町村に < > は使えません'],
  ])('refuses %s', (_name, change, message) => {
    expect(firstMessage(addressSchema.safeParse({ ...address, ...change }))).toBe(message);
  });
});

describe('addressSchema building', () => {
  it('treats a missing building like an empty one', () => {
    const parsed = addressSchema.parse({
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区千代田',
      street: '1-1',
    });
    expect(parsed.building).toBe('');
  });
});
