import { describe, expect, it } from 'vitest';
import { passwordPolicySchema } from '@/features/site';
import {
  accountSchema,
  describePasswordPolicy,
  newPasswordSchema,
  sessionRequestSchema,
  signInSchema,
} from '@/features/auth/schemas';

const defaults = passwordPolicySchema.parse({});
const strict = passwordPolicySchema.parse({
  MIN_LENGTH: 8,
  REQUIRE_LOWERCASE: true,
  REQUIRE_UPPERCASE: true,
  REQUIRE_NUMERIC: true,
  REQUIRE_NON_ALPHANUMERIC: true,
});

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('password policy (spec 5)', () => {
  it('defaults to the provider minimum of 6 with no character classes', () => {
    expect(defaults).toEqual({
      MIN_LENGTH: 6,
      REQUIRE_LOWERCASE: false,
      REQUIRE_UPPERCASE: false,
      REQUIRE_NUMERIC: false,
      REQUIRE_NON_ALPHANUMERIC: false,
    });
    expect(newPasswordSchema(defaults).safeParse('12345').success).toBe(false);
    expect(newPasswordSchema(defaults).safeParse('123456').success).toBe(true);
    expect(messages(newPasswordSchema(defaults).safeParse('abc'))).toContain(
      'パスワードは6文字以上で入力してください',
    );
  });

  it('refuses a minimum below the provider minimum', () => {
    expect(passwordPolicySchema.safeParse({ MIN_LENGTH: 5 }).success).toBe(false);
  });

  it('requires each enabled character class with its own message', () => {
    const schema = newPasswordSchema(strict);
    expect(schema.safeParse('Abcdef1!').success).toBe(true);
    expect(messages(schema.safeParse('ABCDEF1!'))).toEqual(['パスワードには英小文字を含めてください']);
    expect(messages(schema.safeParse('abcdef1!'))).toEqual(['パスワードには英大文字を含めてください']);
    expect(messages(schema.safeParse('Abcdefg!'))).toEqual(['パスワードには数字を含めてください']);
    expect(messages(schema.safeParse('Abcdefg1'))).toEqual(['パスワードには記号を含めてください']);
  });

  it('describes the policy under the field', () => {
    expect(describePasswordPolicy(defaults)).toBe('6文字以上で入力してください');
    expect(describePasswordPolicy(strict)).toBe(
      '8文字以上で、英小文字・英大文字・数字・記号を含めてください',
    );
  });
});

describe('form schemas', () => {
  it('checks the e-mail address in Japanese', () => {
    expect(messages(signInSchema.safeParse({ email: 'not-an-address', password: 'x' }))).toEqual([
      'メールアドレスの形式が正しくありません',
    ]);
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual([
      'メールアドレスを入力してください',
      'パスワードを入力してください',
    ]);
  });

  it('requires the confirmation to match on the account step', () => {
    const result = accountSchema(defaults).safeParse({
      email: 'fan@example.com',
      password: 'secret1',
      passwordConfirm: 'secret2',
    });
    expect(messages(result)).toEqual(['パスワードが一致しません']);
  });

  it('accepts only a JWT-shaped token of bounded size for the server session', () => {
    expect(sessionRequestSchema.safeParse({ idToken: 'a.b.c' }).success).toBe(true);
    expect(sessionRequestSchema.safeParse({ idToken: 'a.b' }).success).toBe(false);
    expect(sessionRequestSchema.safeParse({ idToken: `${'a'.repeat(4100)}.b.c` }).success).toBe(false);
    expect(sessionRequestSchema.safeParse({ idToken: 'a.b.c', extra: 1 }).success).toBe(false);
  });
});
