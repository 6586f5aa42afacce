import { z } from '@/lib/zod';

const uuid = z.uuid({ error: '指定が正しくありません。' });

export const listSchema = z.object({
  presaleId: uuid,
  ticketIds: z
    .array(uuid)
    .min(1, '出品するチケットを選んでください。')
    .max(4, '一度に出品できるのは4枚までです。'),
});

export const idSchema = z.object({ id: uuid });

export const waitSchema = z.object({
  offeringId: uuid,
  tickets: z.coerce.number().int().min(1, '枚数は1枚以上です。').max(4, '枚数は4枚までです。'),
  paymentMethod: z.enum(['card', 'konbini'], { error: 'お支払い方法を選んでください。' }),
});

/** The staff's resale settings of a presale (docs/decisions/0049). */
export const resaleSettingsSchema = z.object({
  /** Empty: the presale offers no resale. 'YYYY-MM-DDTHH:MM' in Japan time. */
  until: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, '出品の締切を日時で入力してください。'),
  feeYen: z.coerce.number().int().min(0, '手数料は0円以上です。').max(5000, '手数料は5,000円までです。'),
  pairRule: z.enum(['single', 'pair'], { error: '同行者分の出品ルールを選んでください。' }),
  matchTimes: z
    .string()
    .trim()
    .regex(
      /^([01]\d|2[0-3]):[0-5]\d(\s*,\s*([01]\d|2[0-3]):[0-5]\d){0,5}$/,
      'マッチング時刻は「12:00」のように、カンマ区切りで6つまで入力してください。',
    ),
});

export type ResaleSettings = z.infer<typeof resaleSettingsSchema>;
