'use client';

import dynamic from 'next/dynamic';
import { useRef } from 'react';
import type { SectionId } from '@/features/site';
import type { StaffMediaFile } from '@/features/media';
import { MediaManager } from '@/features/media/ui';
import { TextField } from '@/components/ui/text-field';
import { TEASER_MAX, type ItemFormValues } from '@/features/content/staff/schemas';
import type { RichTextEditorHandle } from '@/features/content/staff/components/rich-text-editor';
import { TextArea } from '@/features/content/staff/components/form-controls';
import { ItemEditorHeader } from '@/features/content/staff/components/item-editor-header';
import { ItemActions } from '@/features/content/staff/components/item-actions';
import { MovieFields } from '@/features/content/staff/components/movie-fields';
import { TicketFields } from '@/features/content/staff/components/ticket-fields';
import { PublishSettingsFields } from '@/features/content/staff/components/publish-settings-fields';
import { useItemEditor, type ItemStateView } from '@/features/content/staff/components/use-item-editor';

export type { ItemStateView };

// The editor is heavy and browser-only: it is fetched by the edit page alone, never by a fan page.
const RichTextEditor = dynamic(() => import('@/features/content/staff/components/rich-text-editor'), {
  ssr: false,
  loading: () => (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-bold">本文</span>
      <div className="min-h-76 rounded-md border border-line bg-surface-sub" aria-busy="true" />
    </div>
  ),
});

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
  const { form, state, formError, busy, onSave, runAction, onDelete, onBodyChange } = useItemEditor({
    itemId,
    section,
    initialValues,
    initialState,
  });
  const editorHandle = useRef<RichTextEditorHandle | null>(null);
  const { errors, isDirty } = form.formState;
  const textSection = section !== 'photo' && section !== 'movie';
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ItemEditorHeader
        itemId={itemId}
        section={section}
        sectionLabel={sectionLabel}
        state={state}
        isDirty={isDirty}
      />

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

        {section === 'movie' && <MovieFields form={form} />}
        {section === 'ticket' && <TicketFields form={form} />}
        <PublishSettingsFields form={form} />

        <ItemActions
          formError={formError}
          busy={busy}
          published={state.state === 'published'}
          runAction={runAction}
          onDelete={onDelete}
        />
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
