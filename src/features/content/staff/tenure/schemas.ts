import { z } from '@/lib/zod';

/** A benefit staff attach to a tenure mark: the mark's years, a plain-text message, optionally an item. */
export const tenureBenefitSchema = z.strictObject({
  years: z.coerce
    .number({ error: '会員歴の証を選択してください' })
    .int({ error: '会員歴の証を選択してください' })
    .min(1, { error: '会員歴の証を選択してください' })
    .max(100, { error: '会員歴の証を選択してください' }),
  message: z
    .string()
    .trim()
    .min(1, 'メッセージを入力してください')
    .max(500, 'メッセージは500文字以内で入力してください')
    .refine((text) => !/<\s*\/?\s*[a-z!]/i.test(text), {
      message: 'メッセージにHTMLタグ（< で始まる記述）は使えません。文章のみで入力してください',
    }),
  itemId: z
    .union([z.literal(''), z.uuid({ error: 'コンテンツを選択し直してください' })])
    .optional()
    .transform((value) => value || null),
});
export type TenureBenefitInput = z.input<typeof tenureBenefitSchema>;
export type TenureBenefitValues = z.output<typeof tenureBenefitSchema>;
