import { useId, type ReactNode } from 'react';

/** The ids that tie a control to its hint and error (read by a screen reader with the field). */
export function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

export const CONTROL_CLASS =
  'min-h-12 rounded-md border border-line bg-surface px-3 text-base aria-invalid:border-error';

/** A control's label above it, its hint and its announced error below. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.id} className="text-sm font-bold">
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="text-xs leading-relaxed">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
