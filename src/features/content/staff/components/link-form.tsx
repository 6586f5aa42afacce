import { useId, useState } from 'react';

/** The link's address: https or mailto only; an empty address removes the link. */
export function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (value !== '' && !/^(https?:\/\/|mailto:)/i.test(value)) {
      setError('https:// で始まる URL を入力してください');
      return;
    }
    onApply(value);
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-line p-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-xs font-bold">
          リンク先 URL（空欄でリンクを解除）
        </label>
        <input
          id={id}
          type="url"
          inputMode="url"
          value={href}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') onCancel();
          }}
          className="min-h-10 w-full min-w-0 rounded-md border border-line bg-surface px-2 text-base"
        />
        {error && (
          <p role="alert" className="text-xs font-bold text-error">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="min-h-10 rounded-md bg-primary px-3 text-sm font-bold">
        適用
      </button>
      <button
        type="button"
        onClick={onCancel}
        className="min-h-10 rounded-md border border-line px-3 text-sm"
      >
        閉じる
      </button>
    </div>
  );
}
