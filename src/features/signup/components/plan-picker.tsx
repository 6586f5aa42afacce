'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError } from '@/components/ui/form-error';
import { planChoiceSchema, type PlanChoiceValues } from '@/features/signup/schemas';
import { INTERVAL_LABELS } from '@/features/membership';
import { formatYen } from '@/lib/yen';
import { useServerSubmit } from '@/features/signup/components/use-server-submit';
import { FormActions } from '@/features/signup/components/form-actions';

export interface PlanOption {
  id: string;
  name: string;
  interval: 'month' | 'year';
  priceYen: number;
}

/** The plans step: the site's plans as large radio cards, prices tax included. */
export function PlanPicker({
  plans,
  chosenPlanId,
  action,
  backHref,
  onSaved,
}: {
  plans: PlanOption[];
  chosenPlanId: string | null;
  action: string;
  backHref?: string | null;
  onSaved: (data: { next?: string }) => void;
}) {
  const form = useForm<PlanChoiceValues>({
    resolver: zodResolver(planChoiceSchema),
    defaultValues: { planId: chosenPlanId ?? '' },
  });
  const { submit, formError } = useServerSubmit(form, action, onSaved);
  const { errors, isSubmitting } = form.formState;
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3" aria-describedby={errors.planId ? 'plan-error' : undefined}>
        <legend className="mb-2 text-sm font-bold">プランを選択してください</legend>
        {plans.map((plan) => (
          <label
            key={plan.id}
            className="flex cursor-pointer items-center gap-4 rounded-lg border-2 border-line p-4 has-checked:border-primary has-checked:bg-surface-sub"
          >
            <input
              type="radio"
              value={plan.id}
              className="size-5 accent-(--color-primary)"
              {...form.register('planId')}
            />
            <span className="flex flex-1 flex-col">
              <span className="font-bold">{plan.name}</span>
              <span className="text-sm">
                {INTERVAL_LABELS[plan.interval]}{' '}
                <span className="text-lg font-bold">{formatYen(plan.priceYen)}</span>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.planId && (
        <p id="plan-error" role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {errors.planId.message}
        </p>
      )}
      <FormError message={formError} />
      <FormActions submitLabel="このプランで次へ" busy={isSubmitting} backHref={backHref} />
    </form>
  );
}
