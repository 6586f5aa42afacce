import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '@/components/ui/button';

/** 削除, asking first: the item and all its files go, with no way back. */
export function DeleteButton({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClass('text', 'min-h-12 px-2 text-error')} disabled={disabled}>
          削除
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg bg-surface p-6 text-ink shadow-lg">
          <Dialog.Title className="text-lg font-bold">この記事を削除しますか？</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed">
            記事と、その画像・動画がすべて削除されます。元に戻すことはできません。
          </Dialog.Description>
          <DialogActions>
            <Dialog.Close asChild>
              <button type="button" className={buttonClass('secondary')}>
                キャンセル
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => {
                setOpen(false);
                void onConfirm();
              }}
            >
              削除する
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>;
}
