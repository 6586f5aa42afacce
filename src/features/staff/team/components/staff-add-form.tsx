'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import { postJson } from '@/lib/post-json';
import { ROLE_LABELS } from '@/features/staff/roles';
import { addStaffSchema, ROLE_ORDER, type AddStaffValues } from '@/features/staff/team/schemas';

/** Adds staff by the e-mail of an account that already exists on this site. */
export function StaffAddForm() {
  const router = useRouter();
  const form = useForm<AddStaffValues>({
    resolver: zodResolver(addStaffSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  const { errors, isSubmitting } = form.formState;
  const roleIds = useFieldIds(undefined, errors.role?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postJson('/api/staff/team', values);
    if (!result.ok) {
      if (result.fields.email || result.fields.role) {
        if (result.fields.email) form.setError('email', { message: result.fields.email });
        if (result.fields.role) form.setError('role', { message: result.fields.role });
      } else if (result.code === 'NOT_FOUND' || result.code === 'CONFLICT') {
        form.setError('email', { message: result.message });
      } else {
        form.setError('root', { message: result.message });
      }
      return;
    }
    form.reset();
    toast.success(`${values.email} を${ROLE_LABELS[values.role]}として追加しました`);
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-lg border border-line p-4 md:p-6"
      aria-labelledby="staff-add-heading"
    >
      <h2 id="staff-add-heading" className="text-lg font-bold">
        スタッフを追加
      </h2>
      <p className="text-sm text-ink/75">
        このサイトでアカウントを作成済みの方を、メールアドレスで追加できます。
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label="メールアドレス"
          {...EMAIL_INPUT}
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FieldFrame ids={roleIds} label="役割" error={errors.role?.message}>
          <select
            id={roleIds.id}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={roleIds.describedBy}
            className={CONTROL_CLASS}
            {...form.register('role')}
          >
            {ROLE_ORDER.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? '追加しています…' : 'スタッフを追加'}
        </Button>
      </div>
    </form>
  );
}
