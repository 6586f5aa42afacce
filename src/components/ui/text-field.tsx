import type { InputHTMLAttributes, Ref } from 'react';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';

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
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <input
        id={ids.id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={CONTROL_CLASS}
        {...input}
      />
    </FieldFrame>
  );
}
