'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { useFieldIds } from '@/components/ui/field';
import { CONSENT_CHECKBOX_LABEL } from '@/features/consent/schemas';
import { DocumentLinks, type VersionsView } from '@/features/consent/components/document-links';

/**
 * The sign-up's agreement: the terms and privacy policy (each opens in a new tab, so the form keeps what was typed)
 * and an unticked box. Registered with react-hook-form by the form that holds it.
 */
export function ConsentFields({
  versions,
  error,
  ref,
  ...checkbox
}: InputHTMLAttributes<HTMLInputElement> & {
  versions: VersionsView;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const ids = useFieldIds(undefined, error);
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface-sub p-4"
      data-testid="consent"
    >
      <legend className="px-1 text-sm font-bold">利用規約・プライバシーポリシー</legend>
      <p className="text-sm leading-relaxed">入会には、以下の内容への同意が必要です。必ずお読みください。</p>
      <DocumentLinks versions={versions} />
      <div className="flex items-start gap-3">
        <input
          id={ids.id}
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 size-6 shrink-0 accent-tertiary"
          {...checkbox}
        />
        <label htmlFor={ids.id} className="text-sm font-bold">
          {CONSENT_CHECKBOX_LABEL}
        </label>
      </div>
      {error && (
        <p id={ids.errorId} role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
