'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { postJson } from '@/lib/post-json';

interface ExtendValues {
  closesAt: string;
  resultsAt: string;
}

/** Once the window is open, its close (and the result time) can only move later; the change is audited. */
export function PresaleExtendForm({ itemId, values }: { itemId: string; values: ExtendValues }) {
  const router = useRouter();
  const form = useForm<ExtendValues>({ defaultValues: values });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    const result = await postJson<ExtendValues>(`/api/staff/presales/${itemId}/extend`, input);
    if (!result.ok) {
      if (result.fields.closesAt) form.setError('closesAt', { message: result.fields.closesAt });
      if (result.fields.resultsAt) form.setError('resultsAt', { message: result.fields.resultsAt });
      if (!result.fields.closesAt && !result.fields.resultsAt)
        form.setError('root', { message: result.message });
      return;
    }
    toast.success('受付期間を延長しました');
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border border-line p-4"
      aria-labelledby="extend-heading"
    >
      <h3 id="extend-heading" className="font-bold">
        受付期間の延長
      </h3>
      <p className="text-sm">
        受付開始後に変更できるのは、受付終了と当落発表を後ろにずらすことだけです（操作履歴に残ります）。
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="新しい受付終了"
          hint="日本時間"
          type="datetime-local"
          error={errors.closesAt?.message}
          {...form.register('closesAt')}
        />
        <TextField
          label="新しい当落発表"
          hint="日本時間"
          type="datetime-local"
          error={errors.resultsAt?.message}
          {...form.register('resultsAt')}
        />
      </div>
      <FormError message={errors.root?.message} />
      <Button type="submit" variant="secondary" disabled={isSubmitting} className="self-start">
        {isSubmitting ? '延長しています…' : '延長する'}
      </Button>
    </form>
  );
}
