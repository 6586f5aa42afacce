import { z } from '@/lib/zod';
import { parseJstLocal } from '@/lib/dates';

const jstDateTime = z
  .string({ error: '日時を入力してください。' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, '日時を「2026-12-01T10:00」の形で入力してください。')
  .transform(parseJstLocal)
  .refine((date) => !Number.isNaN(date.getTime()), '存在しない日時です。');

/** 発券日 and the seat reveal time of a presale (PUT /api/staff/presales/{itemId}/tickets), in Japan time. */
export const ticketSettingsSchema = z
  .object({ issueAt: jstDateTime, seatsRevealAt: jstDateTime })
  .superRefine((value, ctx) => {
    if (value.seatsRevealAt < value.issueAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['seatsRevealAt'],
        message: '座席の表示開始は発券日以降にしてください。',
      });
    }
  });
export type TicketSettings = z.output<typeof ticketSettingsSchema>;

/** 分配 (POST /api/tickets/{id}/offer): a companion's member id, or null to withdraw the offer. */
export const offerSchema = z.object({ to: z.uuid('分配先の同行者を選んでください。').nullable() });

/** A batch of door scans (POST /api/staff/door/{performanceId}); offline scans arrive together when back online. */
export const doorScansSchema = z.object({
  scans: z
    .array(
      z
        .object({
          clientScanId: z.string().regex(/^[\w-]{8,64}$/, '読み取りの番号が正しくありません。'),
          code: z.string().max(400).optional(),
          short: z.string().max(20).optional(),
          scannedAt: z.number().int().nonnegative(),
          offline: z.boolean(),
        })
        .refine(
          (scan) => Boolean(scan.code) !== Boolean(scan.short),
          'コードか短いコードのどちらかを送ってください。',
        ),
    )
    .min(1, '読み取りがありません。')
    .max(200, '一度に送れる読み取りは200件までです。'),
});
