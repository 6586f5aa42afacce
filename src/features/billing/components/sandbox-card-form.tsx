'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FormError } from '@/components/ui/form-error';
import { postJson } from '@/lib/post-json';
import { sandboxCardSchema, type SandboxCardValues } from '@/features/billing/schemas';
import { useState } from 'react';

/**
 * The sandbox's card form (the embedded default, no money moves). It takes Stripe's published test numbers and
 * answers them as Stripe's test mode does; with Stripe, its own elements take the card instead.
 */
export function SandboxCardForm({
  action,
  submitLabel,
  onDone,
}: {
  action: string;
  submitLabel: string;
  onDone: (data: { next?: string }) => void;
}) {
  const form = useForm<SandboxCardValues>({
    resolver: zodResolver(sandboxCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (card) => {
    setRefusal(null);
    const result = await postJson<{ next?: string }>(action, { card });
    if (result.ok) return onDone(result.data);
    setRefusal(result.message);
  });

  return (
    <form method="post" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <p className="rounded-md bg-surface-sub px-4 py-3 text-xs leading-relaxed" data-testid="sandbox-notice">
        テスト環境のため、実際の請求は行われません。テスト用カード番号（例：4242 4242 4242
        4242、有効期限は未来の日付、 セキュリティコードは任意の3桁）をご利用ください。
      </p>
      <TextField
        label="カード番号"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        error={errors.number?.message}
        {...form.register('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="有効期限（MM/YY）"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/30"
          error={errors.expiry?.message}
          {...form.register('expiry')}
        />
        <TextField
          label="セキュリティコード"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      <FormError message={refusal} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? '処理しています…' : submitLabel}
      </Button>
    </form>
  );
}
