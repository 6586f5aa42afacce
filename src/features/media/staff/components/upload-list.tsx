import type { UploadRow } from '@/features/media/staff/components/use-upload-queue';
import { SMALL_BUTTON } from '@/features/media/staff/components/media-labels';

/** The files being uploaded in one block: a progress bar and 「中止」 each, or the file's error and 「閉じる」. */
export function UploadList({
  rows,
  onCancel,
  onDismiss,
}: {
  rows: UploadRow[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="アップロード中のファイル">
      {rows.map((row) => (
        <li
          key={row.key}
          data-testid="upload-row"
          className="flex flex-col gap-2 rounded-md border border-line p-3 text-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 font-bold break-all">{row.name}</span>
            {row.error ? (
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`閉じる（${row.name}）`}
                onClick={() => onDismiss(row.key)}
              >
                閉じる
              </button>
            ) : (
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`中止（${row.name}）`}
                onClick={() => onCancel(row.key)}
              >
                中止
              </button>
            )}
          </div>
          {row.error ? (
            <p role="alert" className="font-bold text-error">
              {row.error}
            </p>
          ) : (
            <div className="flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={`${row.name} のアップロード`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={row.percent}
                aria-valuetext={`${row.percent}%`}
                className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sub"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${row.percent}%` }} />
              </div>
              <span className="w-12 text-right tabular-nums" aria-hidden="true">
                {row.percent}%
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
