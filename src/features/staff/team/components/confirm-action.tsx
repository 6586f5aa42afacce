'use client';

import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

/**
 * A button that asks first: a dialog says what will happen, and the action runs only on the dialog's confirm
 * button. `onConfirm` answers an error message to show in the dialog, or null when done (the dialog closes).
 */
export function ConfirmAction({
  triggerLabel,
  triggerName,
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
}: {
  triggerLabel: string;
  /** The trigger's accessible name when its label alone is ambiguous in a list, e.g. "「月額会員」を提供終了". */
  triggerName?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="min-h-11 px-4 text-sm" aria-label={triggerName}>
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 text-ink shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm leading-relaxed">{description}</div>
          </Dialog.Description>
          <div className="mt-4">
            <FormError message={error} />
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                キャンセル
              </Button>
            </Dialog.Close>
            <Button
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                setError(null);
                const failed = await onConfirm();
                setBusy(false);
                if (failed) setError(failed);
                else setOpen(false);
              }}
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
