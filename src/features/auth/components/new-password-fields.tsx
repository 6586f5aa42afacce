'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import {
  describePasswordPolicy,
  newPasswordFormSchema,
  type NewPasswordValues,
} from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/components/auth-provider';

/**
 * A new password and its confirmation under the site's policy. `onSave` returns an error message to show beside the
 * field, or nothing when it succeeded.
 */
export function NewPasswordForm({
  submitLabel,
  onSave,
}: {
  submitLabel: string;
  onSave: (password: string) => Promise<string | void>;
}) {
  const { passwordPolicy } = useAuth();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema(passwordPolicy)),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const message = await onSave(password);
    if (message) form.setError('password', { message });
  });

  return (
    <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="新しいパスワード"
        type="password"
        autoComplete="new-password"
        hint={describePasswordPolicy(passwordPolicy)}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="新しいパスワード（確認）"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? '保存しています…' : submitLabel}
      </Button>
    </form>
  );
}
