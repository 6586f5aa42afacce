import { z } from '@/lib/zod';
import { parseJstLocal } from '@/lib/dates';

/** A date and time typed in Japan time (`<input type="datetime-local">`: 2026-12-01T10:00), as an instant. */
export const jstDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, '日時を「2026-12-01T10:00」の形で入力してください。')
  .transform(parseJstLocal)
  .refine((date) => !Number.isNaN(date.getTime()), '存在しない日時です。');

const offeringSchema = z.object({
  seatType: z
    .string()
    .trim()
    .min(1, '席種を入力してください。')
    .max(40, '席種は40文字以内で入力してください。'),
  capacity: z.number().int('座席数は整数で入力してください。').min(0).max(100_000),
  priceYen: z.number().int('料金は整数で入力してください。').min(0).max(1_000_000),
});

const performanceSchema = z.object({
  startsAt: jstDateTime,
  doorsAt: jstDateTime.nullable(),
  venue: z.string().trim().min(1, '会場を入力してください。').max(80, '会場は80文字以内で入力してください。'),
  offerings: z.array(offeringSchema).min(1, '席種を1つ以上登録してください。').max(10),
});

/** What staff set up on a TICKET item (owner and editor). Times in Japan time. */
export const presaleSetupSchema = z
  .object({
    performances: z.array(performanceSchema).min(1, '公演を1つ以上登録してください。').max(20),
    ticketsPerApplication: z.number().int().min(1, '申込枚数は1〜4枚です。').max(4, '申込枚数は1〜4枚です。'),
    choiceCount: z.number().int().min(1, '希望数は1〜3です。').max(3, '希望数は1〜3です。'),
    opensAt: jstDateTime,
    closesAt: jstDateTime,
    resultsAt: jstDateTime,
    joinedBefore: jstDateTime,
    companionRule: z.enum(['none', 'member']),
    konbiniDeadlineDays: z.number().int().min(1, '支払期限は1〜7日です。').max(7, '支払期限は1〜7日です。'),
    /** The application offers an accessibility request (decision 0053). Off unless staff turn it on. */
    accessibilityRequests: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.closesAt <= value.opensAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['closesAt'],
        message: '受付終了は受付開始より後にしてください。',
      });
    }
    if (value.resultsAt < value.closesAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['resultsAt'],
        message: '当落発表は受付終了以降にしてください。',
      });
    }
    if (value.joinedBefore > value.closesAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['joinedBefore'],
        message: '入会締切は受付終了までにしてください。',
      });
    }
    value.performances.forEach((performance, index) => {
      if (performance.doorsAt && performance.doorsAt > performance.startsAt) {
        ctx.addIssue({
          code: 'custom',
          path: ['performances', index, 'doorsAt'],
          message: '開場は開演より前にしてください。',
        });
      }
    });
  });
export type PresaleSetupInput = z.input<typeof presaleSetupSchema>;
export type PresaleSetup = z.output<typeof presaleSetupSchema>;

/** A fan's application: ranked choices (offering ids, 第1希望 first), tickets, companions by member number. */
export const applicationSchema = z
  .object({
    choices: z.array(z.uuid('希望の公演・席種を選んでください。')).min(1, '第1希望を選んでください。').max(3),
    tickets: z.number().int().min(1, '枚数を選んでください。').max(4),
    companions: z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/, '同行者の会員番号は数字で入力してください。')
          .transform(Number),
      )
      .max(3),
    /** How a win is paid: the saved card (charged at the results time) or a konbini voucher. */
    paymentMethod: z.enum(['card', 'konbini'], 'お支払い方法を選んでください。'),
    /**
     * An accessibility request, where the presale offers it (decision 0053): a wheelchair space with a companion
     * seat, or other needs in a short text. Private to the club's staff with `members:contact`; it does not change
     * the draw.
     */
    access: z
      .object({
        need: z.enum(['none', 'wheelchair', 'other'], 'ご要望の種類を選んでください。'),
        note: z.string().trim().max(200, 'ご要望は200文字以内で入力してください。').default(''),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.access?.need === 'other' && value.access.note === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['access', 'note'],
        message: 'ご要望の内容を入力してください。',
      });
    }
    if (new Set(value.choices).size !== value.choices.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: '同じ公演・席種を複数の希望に選ぶことはできません。',
      });
    }
    if (new Set(value.companions).size !== value.companions.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['companions'],
        message: '同じ同行者を2回指定することはできません。',
      });
    }
  });
export type ApplicationInput = z.input<typeof applicationSchema>;
export type Application = z.output<typeof applicationSchema>;
