import { z } from '@/lib/zod';

const digits = (value: unknown) =>
  typeof value === 'string' ? value.normalize('NFKC').replace(/[\s-]/g, '') : value;

/**
 * The sandbox's card form. Only the shape is checked here; whether the card is accepted is the provider's answer,
 * as with Stripe (so a wrong check digit gets Stripe's "incorrect number" reason).
 */
export const sandboxCardSchema = z.object({
  number: z.preprocess(
    digits,
    z
      .string({ error: 'カード番号を入力してください' })
      .regex(/^\d{12,19}$/, { error: 'カード番号は12〜19桁の数字で入力してください' }),
  ),
  expiry: z.preprocess(
    digits,
    z
      .string({ error: '有効期限を入力してください' })
      .regex(/^(0[1-9]|1[0-2])\/?\d{2}$/, { error: '有効期限は MM/YY の形で入力してください' }),
  ),
  cvc: z.preprocess(
    digits,
    z
      .string({ error: 'セキュリティコードを入力してください' })
      .regex(/^\d{3,4}$/, { error: 'セキュリティコードは3桁または4桁の数字で入力してください' }),
  ),
});
export type SandboxCardValues = z.input<typeof sandboxCardSchema>;

export function toSandboxCard(values: z.output<typeof sandboxCardSchema>) {
  const expiry = values.expiry.replace('/', '');
  return {
    number: values.number,
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2, 4)),
    cvc: values.cvc,
  };
}

/** The payment step's body: a sandbox card, or nothing for Stripe (the card goes to Stripe's own elements). */
export const paymentRequestSchema = z.object({ card: sandboxCardSchema.optional() });

export const leaveSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.normalize('NFKC').trim() : value),
    z
      .string()
      .max(500, { error: '理由は500文字以内で入力してください' })
      .refine((value) => !/[\p{Cc}\p{Cf}]/u.test(value.replace(/[\n\r\t]/g, '')), {
        error: '理由に使えない文字が含まれています',
      })
      .optional(),
  ),
});

const planId = z.uuid({ error: 'プランを選択してください' });

/** A konbini voucher for a membership period of this plan (the payment step, or the next period on My page). */
export const konbiniRequestSchema = z.object({ planId });

/** A plan change at the next renewal; null takes a pending change back. */
export const planChangeSchema = z.object({ planId: planId.nullable() });

/** The sandbox's "paid at the till" control. */
export const konbiniPaySchema = z.object({ paymentId: z.uuid({ error: 'お支払いが見つかりません' }) });
