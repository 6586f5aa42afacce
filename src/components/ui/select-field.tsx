import type { Ref, SelectHTMLAttributes } from 'react';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';

/** A labelled select with its error beside it, like TextField. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ref,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: readonly string[];
  placeholder: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const ids = useFieldIds(undefined, error);
  return (
    <FieldFrame ids={ids} label={label} error={error}>
      <select
        id={ids.id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={CONTROL_CLASS}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
