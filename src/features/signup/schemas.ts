import { z } from '@/lib/zod';
import { PREFECTURES } from '@/features/signup/prefectures';

/**
 * The sign-up steps' forms, shared by the form (resolver) and the server action (parse), with Japanese messages.
 * Input is normalised first (NFKC: full-width digits and half-width kana become the usual forms), so that what a
 * phone keyboard types is accepted as it is meant.
 */

const EMOJI = /\p{Extended_Pictographic}/u;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
const ANGLE = /[<>]/;

/** Every dash a Japanese keyboard or a copied address may contain. */
const DASHES = '\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30FC\uFF0D';

const normalized = () =>
  z.preprocess((value) => (typeof value === 'string' ? value.normalize('NFKC').trim() : value), z.string());

/** A line of free text a person types: no emoji, no invisible characters, no markup brackets. */
function plainText(label: string, max: number, { required = true } = {}) {
  return normalized()
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: `${label}を入力してください` })
        .max(max, { error: `${label}は${max}文字以内で入力してください` }),
    )
    .refine((value) => !EMOJI.test(value), { error: `${label}に絵文字は使えません` })
    .refine((value) => !CONTROL.test(value), { error: `${label}に使えない文字が含まれています` })
    .refine((value) => !ANGLE.test(value), { error: `${label}に < > は使えません` });
}

/** Hiragana becomes katakana; long-vowel marks and spaces stay. */
function toKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60));
}

function kana(label: string) {
  return normalized()
    .transform(toKatakana)
    .pipe(
      z
        .string()
        .min(1, { error: `${label}を入力してください` })
        .max(40, { error: `${label}は40文字以内で入力してください` })
        .regex(/^[\u30A1-\u30F6\u30FC\u30FB\u3000 ]+$/, {
          error: `${label}は全角カタカナで入力してください`,
        }),
    );
}

/** A name as written: Japanese script or Latin letters, spaces, and the marks names use. */
function personName(label: string) {
  return plainText(label, 40).refine(
    (value) =>
      /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Latin}ー々〆ヵヶ・'. \u3000-]+$/u.test(
        value,
      ),
    {
      error: `${label}は漢字・かな・英字で入力してください`,
    },
  );
}

export const nicknameSchema = z.object({ nickname: plainText('ニックネーム', 20) });
export type NicknameValues = z.input<typeof nicknameSchema>;

const today = () => new Date().toISOString().slice(0, 10);

export const profileSchema = z.object({
  familyName: personName('姓'),
  givenName: personName('名'),
  familyNameKana: kana('セイ'),
  givenNameKana: kana('メイ'),
  birthday: z
    .string({ error: '生年月日を入力してください' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '生年月日を入力してください' })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: '生年月日が正しくありません',
      },
    )
    .refine((value) => value >= '1900-01-01' && value <= today(), { error: '生年月日が正しくありません' }),
  phone: normalized()
    .transform((value) => value.replace(new RegExp(`[${DASHES}\\s()]`, 'g'), ''))
    .pipe(
      z
        .string()
        .min(1, { error: '電話番号を入力してください' })
        .regex(/^0\d{9,10}$/, { error: '電話番号は0から始まる10桁または11桁の数字で入力してください' }),
    ),
});
export type ProfileValues = z.input<typeof profileSchema>;

export const postalCodeSchema = normalized()
  .transform((value) => value.replace(new RegExp(`[${DASHES}〒\\s]`, 'g'), ''))
  .pipe(
    z
      .string()
      .min(1, { error: '郵便番号を入力してください' })
      .regex(/^\d{7}$/, { error: '郵便番号は7桁の数字で入力してください' }),
  );

export const addressSchema = z.object({
  postalCode: postalCodeSchema,
  prefecture: z.enum(PREFECTURES, { error: '都道府県を選択してください' }),
  city: plainText('市区町村', 60),
  street: plainText('番地', 100),
  // Optional: a missing key means no building, like an empty field.
  building: z.preprocess((value) => value ?? '', plainText('建物名・部屋番号', 100, { required: false })),
});
export type AddressValues = z.input<typeof addressSchema>;

export const planChoiceSchema = z.object({
  planId: z.uuid({ error: 'プランを選択してください' }),
});
export type PlanChoiceValues = z.input<typeof planChoiceSchema>;
