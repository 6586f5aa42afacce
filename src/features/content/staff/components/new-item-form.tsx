'use client';

import { useRouter } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@/lib/paths';
import { postJson } from '@/lib/post-json';
import { buttonClass } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import type { SectionId } from '@/features/site';
import { newItemSchema, type NewItemValues } from '@/features/content/staff/schemas';
import type { StaffSection } from '@/features/content/staff/components/section-tabs';
import { useState } from 'react';

/** A title is all a new item needs: it is saved as a draft and opened in the editor. */
export function NewItemForm({ sections, section }: { sections: StaffSection[]; section: SectionId }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewItemValues>({
    resolver: zodResolver(newItemSchema),
    defaultValues: { section, title: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await postJson<{ item: { id: string } }>('/api/staff/content', values);
    if (result.ok) {
      router.push(paths.staff.item(result.data.item.id));
      return;
    }
    if (result.fields.title) form.setError('title', { message: result.fields.title });
    else setFormError(result.message);
  });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">新規作成</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-item-section" className="text-sm font-bold">
            セクション
          </label>
          <select
            id="new-item-section"
            className="min-h-12 rounded-md border border-line bg-surface px-3 text-base"
            {...form.register('section')}
          >
            {sections.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <TextField label="タイトル" error={errors.title?.message} {...form.register('title')} />
        <FormError message={formError} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')} disabled={isSubmitting}>
            {isSubmitting ? '作成中…' : '下書きを作成'}
          </button>
          <Link href={paths.staff.content(section)} className={buttonClass('secondary')}>
            キャンセル
          </Link>
        </div>
      </form>
    </div>
  );
}
