import { useId, type InputHTMLAttributes, type Ref } from 'react';

/** The attributes of every e-mail input: the right keyboard on phones and the browser's autofill. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email' } as const;

/**
 * A labelled input with its hint and its error beside it; the error is announced and tied to the input with
 * aria-describedby, so a screen reader reads it with the field.
 */
export function TextField({
  label,
  hint,
  error,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="min-h-12 rounded-md border border-line bg-surface px-3 text-base aria-invalid:border-error"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
