'use client';

import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import { paths } from '@/lib/paths';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { resetRequestSchema, type ResetRequestValues } from '@/features/auth/schemas';
import { authErrorCode } from '@/features/auth/errors';
import { useAuth } from '@/features/auth/components/auth-provider';
import { DonePanel } from '@/features/auth/components/auth-card';

/** Asks the provider to e-mail a password-reset link, which opens this site's /auth/action page. */
export function PasswordResetForm() {
  const { getAuth, handleError } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ResetRequestValues>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const auth = await getAuth();
    const { sendPasswordResetEmail } = await import('firebase/auth');
    try {
      await withTimeout(
        sendPasswordResetEmail(auth, email, { url: `${window.location.origin}${paths.signIn()}` }),
        IDENTITY_TIMEOUT_MS.browser,
        'sendPasswordResetEmail',
      );
      setSentTo(email);
    } catch (error) {
      // Whether an address is registered is not told to whoever types it in.
      if (authErrorCode(error) === 'auth/user-not-found') return setSentTo(email);
      const described = handleError(error);
      if (described.field === 'email') form.setError('email', { message: described.message });
    }
  });

  if (sentTo) {
    return (
      <DonePanel title="パスワード再設定のご案内を送信しました">
        <p>
          {sentTo}{' '}
          宛てにメールをお送りしました。メールに記載のリンクから、新しいパスワードを設定してください。届かない場合は迷惑メールフォルダもご確認ください。
        </p>
        <p className="mt-4">
          <Link href={paths.signIn()} className="underline underline-offset-4">
            ログイン画面へ戻る
          </Link>
        </p>
      </DonePanel>
    );
  }
  return (
    <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="メールアドレス"
        {...EMAIL_INPUT}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? '送信しています…' : '再設定メールを送る'}
      </Button>
    </form>
  );
}
