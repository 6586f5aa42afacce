'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { postJson } from '@/lib/post-json';
import {
  createPlanSchema,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  type CreatePlanInput,
  type CreatePlanValues,
} from '@/features/billing/staff/plans/schemas';

const FIELDS = ['name', 'interval', 'priceYen', 'code'] as const;

/** A new plan: name, interval, price in yen and an optional code; offered at sign-up as soon as it is saved. */
export function PlanCreateForm() {
  const router = useRouter();
  const form = useForm<CreatePlanInput, unknown, CreatePlanValues>({
    resolver: zodResolver(createPlanSchema),
    defaultValues: { name: '', interval: 'month', priceYen: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const intervalIds = useFieldIds(undefined, errors.interval?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postJson<{ plan: { id: string } }>('/api/staff/plans', values);
    if (!result.ok) {
      let placed = false;
      for (const field of FIELDS) {
        const message = result.fields[field];
        if (message) {
          form.setError(field, { message });
          placed = true;
        }
      }
      if (result.code === 'CONFLICT') form.setError('code', { message: result.message });
      else if (!placed) form.setError('root', { message: result.message });
      return;
    }
    form.reset();
    toast.success(`プラン「${values.name}」を作成しました`);
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-lg border border-line p-4 md:p-6"
      aria-labelledby="plan-create-heading"
    >
      <h2 id="plan-create-heading" className="text-lg font-bold">
        新しいプランを作成
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label="プラン名"
          hint="60文字以内。入会手続きのプラン選択に表示されます。"
          maxLength={60}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FieldFrame ids={intervalIds} label="請求の間隔" error={errors.interval?.message}>
          <select
            id={intervalIds.id}
            aria-invalid={errors.interval ? true : undefined}
            aria-describedby={intervalIds.describedBy}
            className={CONTROL_CLASS}
            {...form.register('interval')}
          >
            <option value="month">月額</option>
            <option value="year">年額</option>
          </select>
        </FieldFrame>
        <TextField
          label="価格（円・税込）"
          hint={`${PLAN_PRICE_MIN.toLocaleString('ja-JP')}〜${PLAN_PRICE_MAX.toLocaleString('ja-JP')}円`}
          inputMode="numeric"
          error={errors.priceYen?.message}
          {...form.register('priceYen')}
        />
        <TextField
          label="プランコード（任意）"
          hint="半角英小文字・数字・ハイフン。空欄なら自動で決まります。作成後は変更できません。"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register('code')}
        />
      </div>
      <p className="text-sm text-ink/75">
        作成したプランの価格と間隔は変更できません（加入中の会員はそのプランで請求されるため）。変更するときは新しいプランを作成し、古いプランを提供終了にしてください。
      </p>
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? '作成しています…' : 'プランを作成'}
        </Button>
      </div>
    </form>
  );
}
