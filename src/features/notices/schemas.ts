import { z } from '@/lib/zod';

/** My page's choice of optional mails; money and ticket mails are not choices. */
export const preferencesSchema = z.strictObject({
  announcements: z.boolean(),
  reminders: z.boolean(),
  /** The birthday greeting's mail. */
  birthday: z.boolean().optional(),
  /** The birthday greeting at all (お知らせ, mail and the card's decoration). Omitted: left as it is. */
  birthdayGreeting: z.boolean().optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * Staff's announcement: plain text. Markup is refused, not only escaped where it is shown: a mail client or a
 * future page that forgot to escape must never get staff's `<script>` to run.
 */
const plain = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine((text) => !/<\s*\/?\s*[a-z!]/i.test(text), {
      message: `${label}にHTMLタグ（< で始まる記述）は使えません。文章のみで入力してください`,
    });

export const announcementSchema = z.strictObject({
  audience: z.enum(['premium', 'all'], { error: '送信先を選択してください' }),
  subject: plain(80, '件名'),
  body: plain(5000, '本文'),
});
export type AnnouncementInput = z.infer<typeof announcementSchema>;
