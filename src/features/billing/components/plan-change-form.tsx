'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/** Asks for a plan change at the next renewal (`planId`), or takes a pending one back (`null`). */
export function PlanChangeButton({
  planId,
  label,
  done,
  variant = 'primary',
}: {
  planId: string | null;
  label: string;
  done: string;
  variant?: 'primary' | 'secondary';
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <FormError message={error} />
      <Button
        variant={variant}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await postJson('/api/billing/plan', { planId });
          setBusy(false);
          if (!result.ok) return setError(result.message);
          toast.success(done);
          router.refresh();
        }}
      >
        {busy ? '処理しています…' : label}
      </Button>
    </div>
  );
}
