import { useId, type Ref, type SelectHTMLAttributes } from 'react';

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
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className="min-h-12 rounded-md border border-line bg-surface px-3 text-base aria-invalid:border-error"
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
