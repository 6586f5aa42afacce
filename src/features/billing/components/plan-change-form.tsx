'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
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
  // Set at once, where `busy` disables the button only once React has rendered it.
  const sending = useRef(false);
  return (
    <div className="flex flex-col gap-2">
      <FormError message={error} />
      <Button
        variant={variant}
        disabled={busy}
        onClick={async (event) => {
          // A double click acts once. Its second click (detail 2) can land on the button that took this one's place
          // once the change is in (the pending change's cancel button stands where the plan's button stood), and
          // would take the change straight back.
          if (event.detail > 1 || sending.current) return;
          sending.current = true;
          setBusy(true);
          setError(null);
          const result = await postJson('/api/billing/plan', { planId });
          sending.current = false;
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
