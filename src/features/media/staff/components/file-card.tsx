'use client';

import { useState, type ReactNode } from 'react';
import type { StaffMediaFile } from '@/features/media/staff/server/files';
import { ConfirmButton } from '@/features/media/staff/components/confirm-dialog';
import { SMALL_BUTTON } from '@/features/media/staff/components/media-labels';

export interface FileActions {
  change: (fileId: string, body: { caption?: string; role?: 'cover' }, done: string) => Promise<void>;
  remove: (file: StaffMediaFile) => Promise<void>;
}

/** One stored file: its preview, name, caption form, and what can be done with it. */
export function FileCard({
  file,
  actions,
  handle,
  children,
}: {
  file: StaffMediaFile;
  actions: FileActions;
  handle?: ReactNode;
  children?: ReactNode;
}) {
  const [caption, setCaption] = useState(file.caption ?? '');
  const [saving, setSaving] = useState(false);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-line bg-surface p-3 sm:flex-row">
      <div className="flex shrink-0 items-start gap-2">
        {handle}
        {file.kind === 'image' ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed, short-lived URL of the file itself
          <img
            src={file.previewUrl}
            alt={file.caption ?? ''}
            className="h-24 w-32 rounded bg-surface-sub object-contain"
          />
        ) : (
          <video
            src={file.previewUrl}
            controls
            preload="metadata"
            className="h-32 w-full max-w-xs rounded bg-ink"
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-bold break-all" data-testid="media-file-name">
          {file.fileName}
        </p>
        {file.kind === 'image' && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={async (event) => {
              event.preventDefault();
              setSaving(true);
              await actions.change(file.id, { caption }, 'キャプションを保存しました');
              setSaving(false);
            }}
          >
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-bold">キャプション</span>
              <input
                aria-label={`キャプション（${file.fileName}）`}
                value={caption}
                maxLength={500}
                onChange={(event) => setCaption(event.target.value)}
                className="min-h-11 rounded-md border border-line bg-surface px-3 text-base"
              />
            </label>
            <button
              type="submit"
              className={SMALL_BUTTON}
              disabled={saving}
              aria-label={`保存（${file.fileName} のキャプション）`}
            >
              保存
            </button>
          </form>
        )}
        <div className="flex flex-wrap gap-2">
          {children}
          {file.kind === 'image' && file.role !== 'cover' && (
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`カバーにする（${file.fileName}）`}
              onClick={() =>
                actions.change(file.id, { role: 'cover' }, `${file.fileName} をカバーにしました`)
              }
            >
              カバーにする
            </button>
          )}
          <ConfirmButton
            className={SMALL_BUTTON}
            label="削除"
            ariaLabel={`削除（${file.fileName}）`}
            title="ファイルを削除しますか？"
            description={`「${file.fileName}」を削除します。元に戻せません。`}
            confirmLabel="削除する"
            onConfirm={() => actions.remove(file)}
          />
        </div>
      </div>
    </div>
  );
}
