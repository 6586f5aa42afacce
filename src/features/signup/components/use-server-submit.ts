'use client';

import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { postJson } from '@/lib/post-json';

/**
 * Submits a form's (already validated) values to one of our JSON APIs. The server checks them again with the same
 * schema: its field messages go beside their fields, anything else above the button. What was typed stays.
 */
export function useServerSubmit<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  url: string,
  onSaved: (data: R) => void,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await postJson<R>(url, values);
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    const known = Object.entries(result.fields).filter(([name]) => name in values);
    for (const [name, message] of known) form.setError(name as Path<T>, { message });
    if (known.length === 0) setFormError(result.message);
  });
  return { submit: (event: React.FormEvent) => void submit(event), formError };
}
