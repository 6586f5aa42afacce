'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import type { SectionId } from '@/features/site/sections';
import type { StaffMediaFile } from '@/features/staff/media/server/files';
import { MediaManager } from '@/features/staff/media/components/media-manager';
import {
  EMPTY_PERFORMANCE,
  itemSchemaFor,
  TEASER_MAX,
  type ItemFormValues,
} from '@/features/staff/content/schemas';
import type { RichTextEditorHandle } from '@/features/staff/content/components/rich-text-editor';
import { StatusBadge } from '@/features/staff/content/components/status';
import { sendJson } from '@/features/staff/content/components/send-json';

// The editor is heavy and browser-only: it is fetched by the edit page alone, never by a fan page.
const RichTextEditor = dynamic(() => import('@/features/staff/content/components/rich-text-editor'), {
  ssr: false,
  loading: () => (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-bold">本文</span>
      <div className="min-h-76 rounded-md border border-line bg-surface-sub" aria-busy="true" />
    </div>
  ),
});

export interface ItemStateView {
  id: string;
  section: SectionId;
  state: 'draft' | 'published';
  status: 'draft' | 'scheduled' | 'published';
  publishedAt: string;
  updatedAt: string;
}

const NOTICE = {
  publish: '公開しました',
  schedule: '公開を予約しました',
  unpublish: '公開を取り消しました',
};

/** An item's edit page: its fields, its body, its files, and the buttons that change what the site shows. */
export function ItemEditor({
  itemId,
  section,
  sectionLabel,
  initialValues,
  initialState,
  imageUrls,
  files,
}: {
  itemId: string;
  section: SectionId;
  sectionLabel: string;
  initialValues: ItemFormValues;
  initialState: ItemStateView;
  imageUrls: Record<string, string>;
  files: StaffMediaFile[];
}) {
  const router = useRouter();
  const [state, setState] = useState(initialState);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'save' | 'publish' | 'unpublish' | 'delete'>(null);
  const editorHandle = useRef<RichTextEditorHandle | null>(null);
  const form = useForm<ItemFormValues>({
    resolver: zodResolver(itemSchemaFor(section)),
    defaultValues: initialValues,
  });
  const performances = useFieldArray({ control: form.control, name: 'performances' });
  const { errors, isDirty } = form.formState;
  const api = `/api/staff/content/${itemId}`;

  // Edits not yet saved are not lost by closing the tab or reloading without a word.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** PUT the values; field errors go beside their fields. true when saved. */
  const save = async (values: ItemFormValues): Promise<boolean> => {
    setFormError(null);
    const result = await sendJson<{ item: ItemStateView }>('PUT', api, values);
    if (!result.ok) {
      const known = Object.entries(result.fields).filter(([name]) => name !== 'form');
      for (const [name, message] of known) form.setError(name as Path<ItemFormValues>, { message });
      if (known.length === 0) setFormError(result.message);
      else setFormError('入力内容を確認してください。');
      return false;
    }
    setState(result.data.item);
    form.reset(values);
    return true;
  };

  const onSave = form.handleSubmit(async (values) => {
    setBusy('save');
    try {
      if (await save(values)) toast.success('保存しました');
    } finally {
      setBusy(null);
    }
  });

  const runAction = (action: 'publish' | 'unpublish') =>
    form.handleSubmit(async (values) => {
      setBusy(action);
      try {
        // Publishing publishes what is on the screen: unsaved edits are saved first.
        if (form.formState.isDirty && !(await save(values))) return;
        const result = await sendJson<{ item: ItemStateView }>('POST', `${api}/${action}`, {});
        if (!result.ok) {
          setFormError(result.message);
          return;
        }
        setState(result.data.item);
        const notice =
          action === 'unpublish'
            ? NOTICE.unpublish
            : result.data.item.status === 'scheduled'
              ? NOTICE.schedule
              : NOTICE.publish;
        toast.success(notice);
      } finally {
        setBusy(null);
      }
    });

  const onDelete = async () => {
    setBusy('delete');
    try {
      const result = await sendJson<{ deleted: string }>('DELETE', api, undefined);
      if (!result.ok) {
        setFormError(result.message);
        return;
      }
      form.reset(form.getValues());
      toast.success('削除しました');
      router.push(paths.staff.content(section));
      router.refresh();
    } finally {
      setBusy(null);
    }
  };

  const onBodyChange = useCallback(
    (html: string) => form.setValue('bodyHtml', html, { shouldDirty: true }),
    [form],
  );

  const published = state.state === 'published';
  const textSection = section !== 'photo' && section !== 'movie';
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          href={paths.staff.content(section)}
          className="self-start text-sm font-bold underline underline-offset-4"
        >
          {sectionLabel}の一覧へ
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-all">記事の編集</h1>
          <span data-testid="item-status">
            <StatusBadge status={state.status} publishedAt={state.publishedAt} />
          </span>
          {isDirty && <span className="text-sm text-ink/75">未保存の変更があります</span>}
        </div>
        <nav aria-label="プレビュー" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a
            href={paths.staff.preview(itemId, 'guest')}
            target="_blank"
            rel="noopener"
            className="font-bold underline underline-offset-4"
          >
            ゲスト会員の表示をプレビュー
          </a>
          <a
            href={paths.staff.preview(itemId, 'premium')}
            target="_blank"
            rel="noopener"
            className="font-bold underline underline-offset-4"
          >
            プレミアム会員の表示をプレビュー
          </a>
          <span className="text-ink/75">（保存済みの内容を表示します）</span>
        </nav>
      </div>

      <form onSubmit={(event) => void onSave(event)} noValidate className="flex min-w-0 flex-col gap-5">
        <TextField label="タイトル" error={errors.title?.message} {...form.register('title')} />
        <TextArea
          label="概要（会員でない人にも表示されます）"
          hint={`${TEASER_MAX}文字まで。本文とは別に、一覧や会員限定の案内に表示されます。`}
          error={errors.teaser?.message}
          {...form.register('teaser')}
        />
        <RichTextEditor
          label="本文"
          initialHtml={initialValues.bodyHtml}
          imageUrls={imageUrls}
          onChange={onBodyChange}
          handleRef={editorHandle}
          error={errors.bodyHtml?.message}
        />

        {section === 'movie' && (
          <TextField
            label="YouTube の動画（ID または URL）"
            hint="例：https://www.youtube.com/watch?v=XXXXXXXXXXX。動画ファイルをアップロードする場合は空欄にします。"
            error={errors.youtube?.message}
            {...form.register('youtube')}
          />
        )}

        {section === 'ticket' && (
          <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4">
            <legend className="px-1 font-bold">公演と受付</legend>
            {performances.fields.map((field, index) => (
              <div
                key={field.id}
                className="grid gap-3 rounded-md border border-line p-3 md:grid-cols-2"
                data-testid="performance"
              >
                <p className="font-bold md:col-span-2">公演 {index + 1}</p>
                <TextField
                  label="開演日時"
                  type="datetime-local"
                  error={errors.performances?.[index]?.startsAt?.message}
                  {...form.register(`performances.${index}.startsAt`)}
                />
                <TextField
                  label="開場日時（任意）"
                  type="datetime-local"
                  error={errors.performances?.[index]?.doorsAt?.message}
                  {...form.register(`performances.${index}.doorsAt`)}
                />
                <TextField
                  label="会場"
                  error={errors.performances?.[index]?.venue?.message}
                  {...form.register(`performances.${index}.venue`)}
                />
                <TextField
                  label="地域（任意）"
                  error={errors.performances?.[index]?.area?.message}
                  {...form.register(`performances.${index}.area`)}
                />
                <button
                  type="button"
                  className={buttonClass('secondary', 'justify-self-start md:col-span-2')}
                  onClick={() => performances.remove(index)}
                >
                  公演 {index + 1} を削除
                </button>
              </div>
            ))}
            <button
              type="button"
              className={buttonClass('secondary', 'self-start')}
              onClick={() => performances.append({ ...EMPTY_PERFORMANCE })}
            >
              公演を追加
            </button>
            <div className="grid gap-3 md:grid-cols-2">
              <TextField
                label="受付開始日時"
                type="datetime-local"
                error={errors.applyFrom?.message}
                {...form.register('applyFrom')}
              />
              <TextField
                label="受付終了日時"
                type="datetime-local"
                error={errors.applyUntil?.message}
                {...form.register('applyUntil')}
              />
              <TextField
                label="先行コード（会員のみに表示）"
                error={errors.presaleCode?.message}
                {...form.register('presaleCode')}
              />
              <TextField
                label="申し込み URL（https）"
                type="url"
                inputMode="url"
                error={errors.applyUrl?.message}
                {...form.register('applyUrl')}
              />
            </div>
          </fieldset>
        )}

        <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4">
          <legend className="px-1 font-bold">公開設定</legend>
          <Toggle
            label="全員に公開"
            hint="オンにすると、会員でない人も本文まで見られます。オフのときはセクションの会員限定の設定に従います。"
            {...form.register('openToAll')}
          />
          <TextField
            label="公開日時（日本時間）"
            type="datetime-local"
            hint="未来の日時にして公開すると、その日時に公開されます（予約）。"
            error={errors.publishedAt?.message}
            {...form.register('publishedAt')}
          />
          <Toggle
            label="LIVE"
            hint="配信中などのとき、一覧と記事に LIVE の印を付けます。"
            {...form.register('isLive')}
          />
        </fieldset>

        <FormError message={formError} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')} disabled={busy !== null}>
            {busy === 'save' ? '保存中…' : '保存'}
          </button>
          {published ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy !== null}
              onClick={(event) => void runAction('unpublish')(event)}
            >
              {busy === 'unpublish' ? '処理中…' : '公開を取り消す'}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy !== null}
              onClick={(event) => void runAction('publish')(event)}
            >
              {busy === 'publish' ? '処理中…' : '公開する'}
            </button>
          )}
          <DeleteButton disabled={busy !== null} onConfirm={onDelete} />
        </div>
      </form>

      {/* The media manager brings its own 「画像・動画」 heading and landmark. */}
      <div className="min-w-0 border-t border-line pt-6">
        <MediaManager
          itemId={itemId}
          section={section}
          files={files}
          onInsertImage={textSection ? (file) => editorHandle.current?.insertImage(file) : undefined}
        />
      </div>
    </div>
  );
}

function TextArea({
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

function Toggle({
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

function DeleteButton({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClass('text', 'min-h-12 px-2 text-error')} disabled={disabled}>
          削除
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg bg-surface p-6 text-ink shadow-lg">
          <Dialog.Title className="text-lg font-bold">この記事を削除しますか？</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed">
            記事と、その画像・動画がすべて削除されます。元に戻すことはできません。
          </Dialog.Description>
          <DialogActions>
            <Dialog.Close asChild>
              <button type="button" className={buttonClass('secondary')}>
                キャンセル
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => {
                setOpen(false);
                void onConfirm();
              }}
            >
              削除する
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>;
}
