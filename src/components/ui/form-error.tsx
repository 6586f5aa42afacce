/** A form's own error (not tied to one field), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-error px-4 py-3 text-sm font-bold text-error"
      data-testid="form-error"
    >
      {message}
    </p>
  );
}
