import { useId } from 'react';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';

/** A multi-line text field framed like TextField: label, hint and error tied to the control. */
export function TextArea({
  label,
  hint,
  error,
  ...input
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  error?: string;
  ref?: React.Ref<HTMLTextAreaElement>;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea
        id={ids.id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${CONTROL_CLASS} py-2`}
        {...input}
      />
    </FieldFrame>
  );
}

/** A checkbox shown and announced as an on/off switch, with its label and hint beside it. */
export function Toggle({
  label,
  hint,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-6 shrink-0 accent-primary"
        {...input}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink/75">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
