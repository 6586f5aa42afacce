'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { sendJson } from '@/lib/post-json';

type Values = Record<string, string>;

/**
 * A presale's pair of Japan-time moments staff may still move: the close and result time once the window is open
 * (later only, audited), or the tickets' issue and seat reveal times. The server checks and answers per field.
 */
export function PresaleTimesForm({
  action,
  method,
  heading,
  note,
  fields,
  values,
  submit,
  done,
}: {
  action: string;
  method: 'POST' | 'PUT';
  heading: string;
  note: string;
  fields: { name: string; label: string }[];
  values: Values;
  submit: string;
  done: string;
}) {
  const router = useRouter();
  const form = useForm<Values>({ defaultValues: values });
  const { errors, isSubmitting } = form.formState;
  const headingId = `${action.replace(/\W+/g, '-')}-heading`;

  const onSubmit = form.handleSubmit(async (input) => {
    const result = await sendJson(method, action, input);
    if (!result.ok) {
      const placed = fields.filter(({ name }) => result.fields[name]);
      for (const { name } of placed) form.setError(name, { message: result.fields[name] });
      if (placed.length === 0) form.setError('root', { message: result.message });
      return;
    }
    toast.success(done);
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border border-line p-4"
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="font-bold">
        {heading}
      </h3>
      <p className="text-sm">{note}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {fields.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            hint="日本時間"
            type="datetime-local"
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </div>
      <FormError message={errors.root?.message} />
      <Button type="submit" variant="secondary" disabled={isSubmitting} className="self-start">
        {isSubmitting ? '保存しています…' : submit}
      </Button>
    </form>
  );
}
