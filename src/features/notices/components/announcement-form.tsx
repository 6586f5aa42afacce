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
import { announcementSchema, type AnnouncementInput } from '@/features/notices/schemas';

const FIELDS = ['audience', 'subject', 'body'] as const;

/** Staff's announcement: to premium or all members of this site, plain text, sent as mail and お知らせ. */
export function AnnouncementForm() {
  const router = useRouter();
  const form = useForm<AnnouncementInput>({
    resolver: zodResolver(announcementSchema),
    defaultValues: { audience: 'all', subject: '', body: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const audienceIds = useFieldIds(undefined, errors.audience?.message);
  const bodyIds = useFieldIds('文章のみ（HTMLは使えません）。空行で段落を分けます。', errors.body?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postJson<{ recipients: number }>('/api/staff/announcements', values);
    if (!result.ok) {
      let placed = false;
      for (const field of FIELDS) {
        if (result.fields[field]) {
          form.setError(field, { message: result.fields[field] });
          placed = true;
        }
      }
      if (!placed) form.setError('root', { message: result.message });
      return;
    }
    form.reset();
    toast.success(`${result.data.recipients.toLocaleString('ja-JP')}人にお知らせを送信しました`);
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-lg border border-line p-4 md:p-6"
      aria-labelledby="announcement-heading"
    >
      <h2 id="announcement-heading" className="text-lg font-bold">
        お知らせを送る
      </h2>
      <FieldFrame ids={audienceIds} label="送信先" error={errors.audience?.message}>
        <select id={audienceIds.id} className={CONTROL_CLASS} {...form.register('audience')}>
          <option value="all">すべての会員</option>
          <option value="premium">プレミアム会員のみ</option>
        </select>
      </FieldFrame>
      <TextField label="件名" maxLength={80} error={errors.subject?.message} {...form.register('subject')} />
      <FieldFrame
        ids={bodyIds}
        label="本文"
        hint="文章のみ（HTMLは使えません）。空行で段落を分けます。"
        error={errors.body?.message}
      >
        <textarea
          id={bodyIds.id}
          rows={8}
          maxLength={5000}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={bodyIds.describedBy}
          className={`${CONTROL_CLASS} py-2`}
          {...form.register('body')}
        />
      </FieldFrame>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? '送信しています…' : '送信する'}
      </Button>
    </form>
  );
}
