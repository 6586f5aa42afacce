'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import { paths } from '@/lib/paths';
import { changeEmailSchema, type ChangeEmailValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/components/auth-provider';
import { DonePanel } from '@/features/auth/components/auth-card';
import { useReauthentication } from '@/features/auth/components/use-reauthentication';

/**
 * E-mail change: the provider mails a link to the new address and changes it when that link is opened, so a typo
 * can never lock a member out.
 */
export function ChangeEmailForm() {
  const { user, handleError } = useAuth();
  const { withReauthentication, dialog } = useReauthentication();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailValues>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (!user) return;
    if (email === user.email) {
      form.setError('email', { message: '現在と同じメールアドレスです' });
      return;
    }
    const { verifyBeforeUpdateEmail } = await import('firebase/auth');
    try {
      const result = await withReauthentication(user, () =>
        verifyBeforeUpdateEmail(user, email, { url: `${window.location.origin}${paths.myPage()}` }),
      );
      if (result.done) setSentTo(email);
    } catch (error) {
      const described = handleError(error);
      if (described.field === 'email') form.setError('email', { message: described.message });
    }
  });

  if (sentTo) {
    return (
      <DonePanel title="確認メールを送信しました">
        <p>{sentTo} 宛てのメールに記載のリンクを開くと、メールアドレスの変更が完了します。</p>
      </DonePanel>
    );
  }
  return (
    <>
      <p className="mb-6 text-sm">
        現在のメールアドレス: <span className="font-bold break-all">{user?.email ?? '…'}</span>
      </p>
      <form
        method="post"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex flex-col gap-5"
      >
        <TextField
          label="新しいメールアドレス"
          {...EMAIL_INPUT}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" disabled={isSubmitting || !user}>
          {isSubmitting ? '送信しています…' : '確認メールを送る'}
        </Button>
      </form>
      {dialog}
    </>
  );
}
