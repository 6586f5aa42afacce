'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { postJson } from '@/lib/post-json';

/** Complimentary premium until a date: tomorrow at the earliest, two years at the latest (checked again on the server). */
export function GrantForm({ memberId, min, max }: { memberId: string; min: string; max: string }) {
  const router = useRouter();
  const [endsOn, setEndsOn] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldError(undefined);
    setFormError(null);
    if (!endsOn) {
      setFieldError('終了日を入力してください。');
      return;
    }
    setBusy(true);
    const result = await postJson<{ grant: { id: string } }>(`/api/staff/members/${memberId}/grants`, {
      endsOn,
    });
    setBusy(false);
    if (!result.ok) {
      if (result.fields.endsOn) setFieldError(result.fields.endsOn);
      else setFormError(result.message);
      return;
    }
    toast.success('プレミアムを無償付与しました');
    setEndsOn('');
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-line p-4">
      <FormError message={formError} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-64">
          <TextField
            label="終了日"
            type="date"
            name="endsOn"
            value={endsOn}
            min={min}
            max={max}
            onChange={(event) => setEndsOn(event.target.value)}
            error={fieldError}
            hint="明日から2年以内"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? '付与しています…' : 'プレミアムを無償付与'}
        </Button>
      </div>
    </form>
  );
}
