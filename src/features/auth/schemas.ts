import { z } from '@/lib/zod';
import { PROOF_MAX_LENGTH } from '@/lib/proof-of-work';
import type { PasswordPolicy } from '@/features/site';
import { signUpConsentSchema } from '@/features/auth/consent-agreement';

/**
 * Form schemas of sign-in and account pages. The browser sends passwords to the identity provider only, so these
 * run in the form; the provider enforces the same policy on its side (spec 5).
 */

const emailSchema = z
  .string()
  .trim()
  .min(1, { error: 'メールアドレスを入力してください' })
  .max(254, { error: 'メールアドレスが長すぎます' })
  .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' }));

const CLASS_RULES = [
  { key: 'REQUIRE_LOWERCASE', pattern: /[a-z]/, label: '英小文字' },
  { key: 'REQUIRE_UPPERCASE', pattern: /[A-Z]/, label: '英大文字' },
  { key: 'REQUIRE_NUMERIC', pattern: /[0-9]/, label: '数字' },
  { key: 'REQUIRE_NON_ALPHANUMERIC', pattern: /[^A-Za-z0-9]/, label: '記号' },
] as const;

/** The provider's upper bound on password length. */
const PASSWORD_MAX_LENGTH = 4096;

/** "8文字以上で、英小文字・数字を含めてください" for the hint under a new-password field. */
export function describePasswordPolicy(policy: PasswordPolicy): string {
  const classes = CLASS_RULES.filter((rule) => policy[rule.key]).map((rule) => rule.label);
  const length = `${policy.MIN_LENGTH}文字以上`;
  return classes.length > 0
    ? `${length}で、${classes.join('・')}を含めてください`
    : `${length}で入力してください`;
}

export function newPasswordSchema(policy: PasswordPolicy) {
  let schema = z
    .string()
    .min(1, { error: 'パスワードを入力してください' })
    .min(policy.MIN_LENGTH, { error: `パスワードは${policy.MIN_LENGTH}文字以上で入力してください` })
    .max(PASSWORD_MAX_LENGTH, { error: 'パスワードが長すぎます' });
  for (const rule of CLASS_RULES) {
    if (policy[rule.key]) {
      schema = schema.regex(rule.pattern, { error: `パスワードには${rule.label}を含めてください` });
    }
  }
  return schema;
}

const currentPassword = z.string().min(1, { error: 'パスワードを入力してください' }).max(PASSWORD_MAX_LENGTH);

export const signInSchema = z.object({ email: emailSchema, password: currentPassword });
export type SignInValues = z.infer<typeof signInSchema>;

function withConfirmation(policy: PasswordPolicy) {
  return z
    .object({ password: newPasswordSchema(policy), passwordConfirm: z.string() })
    .refine((values) => values.password === values.passwordConfirm, {
      path: ['passwordConfirm'],
      error: 'パスワードが一致しません',
    });
}

/** The account step of sign-up: e-mail, password and its confirmation. */
export function accountSchema(policy: PasswordPolicy) {
  return z.object({ email: emailSchema }).and(withConfirmation(policy));
}
export type AccountValues = { email: string; password: string; passwordConfirm: string };

export function newPasswordFormSchema(policy: PasswordPolicy) {
  return withConfirmation(policy);
}
export type NewPasswordValues = { password: string; passwordConfirm: string };

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

export const changeEmailSchema = z.object({ email: emailSchema });
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

export const reauthSchema = z.object({ password: currentPassword });
export type ReauthValues = z.infer<typeof reauthSchema>;

/**
 * What the browser posts to create a server session: the provider's ID token, and for an account the site does not
 * know yet a solved sign-up challenge (docs/decisions/0024).
 */
export const sessionRequestSchema = z.strictObject({
  idToken: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/),
  proof: z.string().min(1).max(PROOF_MAX_LENGTH).optional(),
  /** Sent by the sign-up's account step only: the terms it showed, and whether the box was ticked (decision 0027). */
  consent: signUpConsentSchema.optional(),
});
