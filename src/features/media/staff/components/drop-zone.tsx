'use client';

import { useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

/**
 * Where files are dropped, or chosen with the button (which opens the file input). The input has its own label
 * (`inputLabel`) so that it can be found by name, also by a test.
 */
export function DropZone({
  inputLabel,
  context,
  hint,
  accept,
  multiple,
  onFiles,
}: {
  inputLabel: string;
  /** Read after 「ファイルを選択」 by a screen reader, to tell this button from the others on the page. */
  context: string;
  hint: string;
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      data-testid="drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
      className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm ${
        over ? 'border-primary bg-surface-sub' : 'border-line'
      }`}
    >
      <p aria-hidden="true" className="font-bold">
        ここにファイルをドロップ
      </p>
      <button
        type="button"
        className={buttonClass('secondary', 'min-h-11 px-5 text-sm')}
        aria-label={`ファイルを選択（${context}）`}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        ファイルを選択
      </button>
      <p id={hintId} className="text-xs text-ink/75">
        {hint}
      </p>
      <input
        ref={input}
        type="file"
        aria-label={inputLabel}
        accept={accept}
        multiple={multiple}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
