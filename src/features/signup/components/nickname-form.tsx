'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@/components/ui/text-field';
import { FormError } from '@/components/ui/form-error';
import { nicknameSchema, type NicknameValues } from '@/features/signup/schemas';
import { useServerSubmit } from '@/features/signup/components/use-server-submit';
import { FormActions } from '@/features/signup/components/form-actions';
import type { DetailsFormProps } from '@/features/signup/components/details-form-props';

export function NicknameForm({
  action,
  defaults,
  submitLabel,
  backHref,
  onSaved,
}: DetailsFormProps<NicknameValues>) {
  const form = useForm<NicknameValues>({
    resolver: zodResolver(nicknameSchema),
    defaultValues: { nickname: '', ...defaults },
  });
  const { submit, formError } = useServerSubmit(form, action, onSaved);
  const { errors, isSubmitting } = form.formState;
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label="ニックネーム"
        hint="会員証やコメントに表示されます（20文字以内）。"
        autoComplete="nickname"
        maxLength={40}
        error={errors.nickname?.message}
        {...form.register('nickname')}
      />
      <FormError message={formError} />
      <FormActions submitLabel={submitLabel} busy={isSubmitting} backHref={backHref} />
    </form>
  );
}
