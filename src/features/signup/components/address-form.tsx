'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { PREFECTURES } from '@/features/signup/prefectures';
import { addressSchema, postalCodeSchema, type AddressValues } from '@/features/signup/schemas';
import { useServerSubmit } from '@/features/signup/components/use-server-submit';
import { FormActions } from '@/features/signup/components/form-actions';
import type { DetailsFormProps } from '@/features/signup/components/details-form-props';

// The prefecture starts unset, so the select shows its placeholder.
const EMPTY: Partial<AddressValues> = { postalCode: '', city: '', street: '', building: '' };

interface Found {
  prefecture: (typeof PREFECTURES)[number];
  city: string;
  town: string;
}

/** The address step: a 7-digit postal code fills prefecture and city from our offline data set. */
export function AddressForm({
  action,
  defaults,
  submitLabel,
  backHref,
  onSaved,
}: DetailsFormProps<AddressValues>) {
  const form = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    defaultValues: { ...EMPTY, ...defaults },
  });
  const { submit, formError } = useServerSubmit(form, action, onSaved);
  const { errors, isSubmitting } = form.formState;
  const [lookup, setLookup] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });

  async function fillFromPostalCode() {
    const code = postalCodeSchema.safeParse(form.getValues('postalCode'));
    if (!code.success) {
      form.setError('postalCode', { message: code.error.issues[0]?.message ?? '' });
      return;
    }
    form.clearErrors('postalCode');
    setLookup({ busy: true, note: null });
    const response = await fetch(`/api/postal-codes/${code.data}`).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { addresses?: Found[] } | null;
    const [first, ...rest] = body?.addresses ?? [];
    if (!first) {
      setLookup({ busy: false, note: null });
      form.setError('postalCode', { message: '該当する住所が見つかりません。郵便番号をご確認ください' });
      return;
    }
    const sameTown = rest.every((other) => other.city === first.city && other.town === first.town);
    form.setValue('postalCode', code.data);
    form.setValue('prefecture', first.prefecture, { shouldValidate: true });
    form.setValue('city', sameTown ? `${first.city}${first.town}` : first.city, { shouldValidate: true });
    setLookup({
      busy: false,
      note: sameTown ? '住所を入力しました。番地以降を入力してください。' : '町名以降を入力してください。',
    });
    form.setFocus('street');
  }

  const postal = form.register('postalCode', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (postalCodeSchema.safeParse(event.target.value).success) void fillFromPostalCode();
    },
  });

  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <TextField
            label="郵便番号"
            inputMode="numeric"
            autoComplete="postal-code"
            hint="7桁の数字（例：100-0001）。入力すると住所が自動で入ります。"
            error={errors.postalCode?.message}
            {...postal}
          />
        </div>
        <Button
          variant="secondary"
          className="mb-7 shrink-0 px-4"
          disabled={lookup.busy}
          onClick={() => void fillFromPostalCode()}
        >
          住所検索
        </Button>
      </div>
      {lookup.note && (
        <p role="status" className="text-sm" data-testid="postal-note">
          {lookup.note}
        </p>
      )}
      <SelectField
        label="都道府県"
        placeholder="選択してください"
        options={PREFECTURES}
        autoComplete="address-level1"
        error={errors.prefecture?.message}
        {...form.register('prefecture')}
      />
      <TextField
        label="市区町村"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register('city')}
      />
      <TextField
        label="番地"
        autoComplete="address-line1"
        hint="例：1-2-3"
        error={errors.street?.message}
        {...form.register('street')}
      />
      <TextField
        label="建物名・部屋番号（任意）"
        autoComplete="address-line2"
        error={errors.building?.message}
        {...form.register('building')}
      />
      <FormError message={formError} />
      <FormActions submitLabel={submitLabel} busy={isSubmitting} backHref={backHref} />
    </form>
  );
}
