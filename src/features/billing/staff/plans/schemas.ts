import { z } from '@/lib/zod';

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const PLAN_PRICE_MIN = 100;
export const PLAN_PRICE_MAX = 100_000;

/** A new plan as the owner enters it; the price is yen, tax included. The code is optional (made up when empty). */
export const createPlanSchema = z.object({
  name: z
    .string({ error: 'プラン名を入力してください' })
    .trim()
    .min(1, 'プラン名を入力してください')
    .max(60, 'プラン名は60文字以内で入力してください'),
  interval: z.enum(PLAN_INTERVALS, { error: '請求の間隔を選択してください' }),
  priceYen: z.coerce
    .number({ error: '価格を半角数字で入力してください' })
    .int('価格は1円単位で入力してください')
    .min(PLAN_PRICE_MIN, `価格は${PLAN_PRICE_MIN}円以上で入力してください`)
    .max(PLAN_PRICE_MAX, `価格は${PLAN_PRICE_MAX.toLocaleString('ja-JP')}円以下で入力してください`),
  code: z
    .string()
    .trim()
    .max(40, 'プランコードは40文字以内で入力してください')
    .regex(/^([a-z0-9][a-z0-9-]*)?$/, 'プランコードは半角英小文字・数字・ハイフンで入力してください')
    .optional()
    .transform((value) => value || undefined),
});

export type CreatePlanInput = z.input<typeof createPlanSchema>;
export type CreatePlanValues = z.output<typeof createPlanSchema>;
