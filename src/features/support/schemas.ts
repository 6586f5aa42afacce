import { z } from '@/lib/zod';

const body = z
  .string('お問い合わせ内容を入力してください。')
  .trim()
  .min(1, 'お問い合わせ内容を入力してください。')
  .max(2000, 'お問い合わせ内容は2000文字以内で入力してください。');

/**
 * A fan's new question (decision 0053). The payment or ticket is named by its opaque id, the page by its path; the
 * member number and plan are read on the server from the session, never taken from the form.
 */
export const contactSchema = z.object({
  body,
  payment: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w-]+$/, 'お支払いの指定が正しくありません。')
    .optional(),
  ticket: z.uuid('チケットの指定が正しくありません。').optional(),
  from: z.string().trim().max(200).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** An answer in a thread, by the fan or by staff. */
export const replySchema = z.object({ body });
