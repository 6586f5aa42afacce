'use client';

import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import type { TextareaHTMLAttributes, Ref } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import type { LegalDocument } from '@/features/site';
import { TABULAR_LEGAL_DOCUMENTS, type LegalDocumentKind } from '@/features/site';
import {
  legalDocumentSchema,
  type LegalDocumentInput,
  type LegalDocumentValues,
} from '@/features/consent/staff/schema';

const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';
const SMALL_BUTTON = buttonClass('secondary', 'min-h-11 px-4 text-sm');

function TextArea({
  label,
  hint,
  error,
  ref,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea
        id={ids.id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`${CONTROL_CLASS} py-2 leading-relaxed`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** The whole legal page in one form: title, introduction and its items (added, removed and reordered). */
export function LegalEditor({ kind, document }: { kind: LegalDocumentKind; document: LegalDocument }) {
  const form = useForm<LegalDocumentInput, unknown, LegalDocumentValues>({
    resolver: zodResolver(legalDocumentSchema),
    defaultValues: { title: document.title, intro: document.intro ?? '', items: document.items },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const tabular = TABULAR_LEGAL_DOCUMENTS.has(kind);

  const onSubmit = form.handleSubmit(async (values) => {
    let response: Response;
    try {
      response = await fetch(`/api/staff/legal/${kind}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
    } catch {
      form.setError('root', { message: OFFLINE });
      return;
    }
    const json = (await response.json().catch(() => null)) as {
      document?: LegalDocument;
      error?: { message?: string; fields?: Record<string, string> };
    } | null;
    if (!response.ok || !json?.document) {
      const fields = Object.entries(json?.error?.fields ?? {});
      for (const [field, message] of fields) {
        form.setError(field === 'form' ? 'root' : (field as FieldPath<LegalDocumentInput>), { message });
      }
      if (fields.length === 0) {
        form.setError('root', { message: json?.error?.message ?? 'システムエラーが発生しました。' });
      }
      return;
    }
    form.reset({ title: json.document.title, intro: json.document.intro ?? '', items: json.document.items });
    toast.success('保存しました。サイトに反映されています。');
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
      aria-label="ページの内容"
    >
      <FormError message={errors.root?.message} />
      <TextField label="タイトル" maxLength={100} error={errors.title?.message} {...form.register('title')} />
      <TextArea
        label="はじめに（任意）"
        hint="タイトルの下に表示される文章です。2000 文字以内。"
        rows={4}
        maxLength={2000}
        error={errors.intro?.message}
        {...form.register('intro')}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-bold">{tabular ? '表示する項目' : '条文'}</legend>
        {errors.items?.message && (
          <p role="alert" className="text-sm font-bold text-error">
            {errors.items.message}
          </p>
        )}
        <ol className="flex flex-col gap-4">
          {items.fields.map((field, index) => (
            <li
              key={field.id}
              className="flex flex-col gap-3 rounded-lg border border-line p-4"
              data-testid="legal-item"
            >
              <p className="text-sm font-bold text-ink/75">項目 {index + 1}</p>
              <TextField
                label={`見出し（項目 ${index + 1}）`}
                maxLength={200}
                error={errors.items?.[index]?.heading?.message}
                {...form.register(`items.${index}.heading`)}
              />
              <TextArea
                label={`本文（項目 ${index + 1}）`}
                rows={tabular ? 2 : 5}
                maxLength={10_000}
                error={errors.items?.[index]?.text?.message}
                {...form.register(`items.${index}.text`)}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  disabled={index === 0}
                  aria-label={`上へ（項目 ${index + 1}）`}
                  onClick={() => items.move(index, index - 1)}
                >
                  上へ
                </button>
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  disabled={index === items.fields.length - 1}
                  aria-label={`下へ（項目 ${index + 1}）`}
                  onClick={() => items.move(index, index + 1)}
                >
                  下へ
                </button>
                <button
                  type="button"
                  className={SMALL_BUTTON}
                  disabled={items.fields.length === 1}
                  aria-label={`削除（項目 ${index + 1}）`}
                  onClick={() => items.remove(index)}
                >
                  削除
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          disabled={items.fields.length >= 100}
          onClick={() => items.append({ heading: '', text: '' })}
        >
          項目を追加
        </button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? '保存中…' : '保存する'}
        </Button>
        {isDirty && <span className="text-sm text-ink/75">保存していない変更があります。</span>}
      </div>
    </form>
  );
}
