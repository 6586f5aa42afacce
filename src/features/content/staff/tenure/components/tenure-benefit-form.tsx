'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { postJson } from '@/lib/post-json';
import {
  tenureBenefitSchema,
  type TenureBenefitInput,
  type TenureBenefitValues,
} from '@/features/content/staff/tenure/schemas';

const FIELDS = ['years', 'message', 'itemId'] as const;

/** A new benefit: which mark, the message its holders read on My page, and optionally an item it leads to. */
export function TenureBenefitForm({
  marks,
  items,
}: {
  marks: { years: number; label: string }[];
  items: { id: string; title: string }[];
}) {
  const router = useRouter();
  const form = useForm<TenureBenefitInput, unknown, TenureBenefitValues>({
    resolver: zodResolver(tenureBenefitSchema),
    defaultValues: { years: marks[0]?.years ?? 1, message: '', itemId: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const yearsIds = useFieldIds(undefined, errors.years?.message);
  const messageIds = useFieldIds(undefined, errors.message?.message);
  const itemHint = '任意。特典のコンテンツへのリンクをマイページに表示します。';
  const itemIds = useFieldIds(itemHint, errors.itemId?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postJson('/api/staff/tenure-benefits', values);
    if (!result.ok) {
      let placed = false;
      for (const field of FIELDS) {
        const message = result.fields[field];
        if (message) {
          form.setError(field, { message });
          placed = true;
        }
      }
      if (!placed) form.setError('root', { message: result.message });
      return;
    }
    form.reset({ years: values.years, message: '', itemId: '' });
    toast.success('特典を追加しました');
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-lg border border-line p-4 md:p-6"
      aria-labelledby="benefit-create-heading"
    >
      <h2 id="benefit-create-heading" className="text-lg font-bold">
        特典を追加
      </h2>
      <FieldFrame ids={yearsIds} label="会員歴の証" error={errors.years?.message}>
        <select
          id={yearsIds.id}
          aria-invalid={errors.years ? true : undefined}
          aria-describedby={yearsIds.describedBy}
          className={CONTROL_CLASS}
          {...form.register('years')}
        >
          {marks.map((mark) => (
            <option key={mark.years} value={mark.years}>
              {mark.label}（{mark.years}年継続）
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame ids={messageIds} label="メッセージ" error={errors.message?.message}>
        <textarea
          id={messageIds.id}
          rows={4}
          maxLength={500}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={messageIds.describedBy}
          className={CONTROL_CLASS}
          {...form.register('message')}
        />
      </FieldFrame>
      <FieldFrame ids={itemIds} label="特典のコンテンツ" hint={itemHint} error={errors.itemId?.message}>
        <select
          id={itemIds.id}
          aria-invalid={errors.itemId ? true : undefined}
          aria-describedby={itemIds.describedBy}
          className={CONTROL_CLASS}
          {...form.register('itemId')}
        >
          <option value="">なし（メッセージのみ）</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FormError message={errors.root?.message ?? null} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? '追加しています…' : '追加する'}
      </Button>
    </form>
  );
}
