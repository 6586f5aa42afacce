'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { Button } from '@/components/ui/button';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import { accountSchema, describePasswordPolicy, type AccountValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/components/auth-provider';
import { SessionError } from '@/features/auth/client/session';

/**
 * The account step of sign-up (spec 2): creates the provider user with e-mail and password under the site's
 * password policy, then opens the server session. The sign-up flow decides where `onCreated` goes next.
 */
export function AccountStepForm({ onCreated }: { onCreated: () => void }) {
  const { getAuth, startSession, handleError, passwordPolicy } = useAuth();
  const form = useForm<AccountValues>({
    resolver: zodResolver(accountSchema(passwordPolicy)),
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The SDK is loaded for a visitor only where it is needed: here, while they type.
  useEffect(() => void getAuth().catch(() => {}), [getAuth]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const auth = await getAuth();
    const sdk = await import('firebase/auth');
    try {
      const { user } = await withTimeout(
        sdk.createUserWithEmailAndPassword(auth, email, password),
        IDENTITY_TIMEOUT_MS.browser,
        'createUserWithEmailAndPassword',
      );
      await startSession(user);
      toast.success('アカウントを作成しました');
      onCreated();
    } catch (error) {
      if (error instanceof SessionError) {
        toast.error(error.message);
        return;
      }
      const described = handleError(error);
      if (described.field === 'email') form.setError('email', { message: described.message });
      if (described.field === 'newPassword' || described.field === 'password') {
        form.setError('password', { message: described.message });
      }
    }
  });

  return (
    <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="メールアドレス"
        {...EMAIL_INPUT}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="new-password"
        hint={describePasswordPolicy(passwordPolicy)}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="パスワード（確認）"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      <Button type="submit" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? '登録しています…' : '登録して次へ'}
      </Button>
    </form>
  );
}
