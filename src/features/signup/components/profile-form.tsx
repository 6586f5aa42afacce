'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@/components/ui/text-field';
import { FormError } from '@/components/ui/form-error';
import { profileSchema, type ProfileValues } from '@/features/signup/schemas';
import { useServerSubmit } from '@/features/signup/components/use-server-submit';
import { FormActions } from '@/features/signup/components/form-actions';
import type { DetailsFormProps } from '@/features/signup/components/details-form-props';

const EMPTY: ProfileValues = {
  familyName: '',
  givenName: '',
  familyNameKana: '',
  givenNameKana: '',
  birthday: '',
  phone: '',
};

export function ProfileForm({
  action,
  defaults,
  submitLabel,
  backHref,
  onSaved,
}: DetailsFormProps<ProfileValues>) {
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { ...EMPTY, ...defaults },
  });
  const { submit, formError } = useServerSubmit(form, action, onSaved);
  const { errors, isSubmitting } = form.formState;
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="姓"
          autoComplete="family-name"
          error={errors.familyName?.message}
          {...form.register('familyName')}
        />
        <TextField
          label="名"
          autoComplete="given-name"
          error={errors.givenName?.message}
          {...form.register('givenName')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="セイ（全角カタカナ）"
          error={errors.familyNameKana?.message}
          {...form.register('familyNameKana')}
        />
        <TextField
          label="メイ（全角カタカナ）"
          error={errors.givenNameKana?.message}
          {...form.register('givenNameKana')}
        />
      </div>
      <TextField
        label="生年月日"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        error={errors.birthday?.message}
        {...form.register('birthday')}
      />
      <TextField
        label="電話番号"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint="例：090-1234-5678"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <FormError message={formError} />
      <FormActions submitLabel={submitLabel} busy={isSubmitting} backHref={backHref} />
    </form>
  );
}
