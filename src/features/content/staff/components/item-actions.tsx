import type { BaseSyntheticEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { EditorBusy } from '@/features/content/staff/components/use-item-editor';
import { DeleteButton } from '@/features/content/staff/components/delete-item-dialog';

/** The form's error and its buttons: 保存 (the submit), 公開する or 公開を取り消す, 削除. */
export function ItemActions({
  formError,
  busy,
  published,
  runAction,
  onDelete,
}: {
  formError: string | null;
  busy: EditorBusy;
  published: boolean;
  runAction: (action: 'publish' | 'unpublish') => (event?: BaseSyntheticEvent) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  return (
    <>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={busy !== null}>
          {busy === 'save' ? '保存中…' : '保存'}
        </button>
        {published ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={busy !== null}
            onClick={(event) => void runAction('unpublish')(event)}
          >
            {busy === 'unpublish' ? '処理中…' : '公開を取り消す'}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={busy !== null}
            onClick={(event) => void runAction('publish')(event)}
          >
            {busy === 'publish' ? '処理中…' : '公開する'}
          </button>
        )}
        <DeleteButton disabled={busy !== null} onConfirm={onDelete} />
      </div>
    </>
  );
}
