'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { buttonClass } from '@/components/ui/button';
import type { SectionId } from '@/features/site/sections';
import type { StaffMediaFile } from '@/features/staff/media/server/files';
import {
  maxBytesOf,
  rolesOf,
  tooLargeMessage,
  typesOf,
  wrongTypeMessage,
  type UploadRole,
} from '@/features/staff/media/roles';
import {
  mediaBase,
  sendChange,
  startUpload,
  UploadCancelled,
  type RunningUpload,
} from '@/features/staff/media/components/media-api';
import { DropZone } from '@/features/staff/media/components/drop-zone';
import { ConfirmButton } from '@/features/staff/media/components/confirm-dialog';

export interface MediaManagerProps {
  itemId: string;
  section: SectionId;
  files: StaffMediaFile[];
  /** For the text sections: puts an uploaded image into the body (src is the file's signed preview URL). */
  onInsertImage?: (file: { id: string; src: string; alt: string }) => void;
}

interface UploadRow {
  key: string;
  role: UploadRole;
  name: string;
  percent: number;
  error: string | null;
}

const SMALL_BUTTON = buttonClass('secondary', 'min-h-11 px-4 text-sm');
const BLOCK_LABELS: Record<UploadRole, { title: string; input: string; hint: string }> = {
  cover: {
    title: 'カバー画像',
    input: 'カバー画像のファイル',
    hint: '一覧に表示される画像です（1 枚、新しい画像に差し替えられます）。JPEG・PNG・WebP・GIF・AVIF、30 MB まで。',
  },
  gallery: {
    title: 'ギャラリー',
    input: 'ギャラリーの写真のファイル',
    hint: '複数の写真をまとめて追加できます。JPEG・PNG・WebP・GIF・AVIF、1 枚 30 MB まで。',
  },
  inline: {
    title: '本文の画像',
    input: '本文の画像のファイル',
    hint: 'アップロードした画像を「本文に挿入」で本文に入れられます。JPEG・PNG・WebP・GIF・AVIF、1 枚 30 MB まで。',
  },
  video: {
    title: '動画ファイル',
    input: '動画のファイル',
    hint: '1 本だけ登録できます（新しい動画に差し替えられます）。MP4・WebM、512 MB まで。',
  },
};

const byPosition = (a: StaffMediaFile, b: StaffMediaFile) => a.position - b.position;

/**
 * The files of one content item in the console: a cover for every section, the gallery of a photo item (reordered by
 * dragging or with 「前へ」「後へ」), the video of a movie item, the body images of the text sections. Several files
 * upload at once, each with its own progress and its own error; a running upload can be cancelled.
 */
export function MediaManager({ itemId, section, files: initialFiles, onInsertImage }: MediaManagerProps) {
  const [files, setFiles] = useState(initialFiles);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const running = useRef(new Map<string, RunningUpload>());
  const roles = rolesOf(section);

  useEffect(() => {
    const map = running.current;
    return () => map.forEach((upload) => upload.cancel());
  }, []);

  const patchRow = (key: string, change: Partial<UploadRow>) =>
    setUploads((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const dropRow = (key: string) => setUploads((rows) => rows.filter((row) => row.key !== key));

  function addFiles(role: UploadRole, chosen: File[]) {
    const single = role === 'cover' || role === 'video';
    for (const file of single ? chosen.slice(0, 1) : chosen) {
      const key = crypto.randomUUID();
      const refusal =
        file.size > maxBytesOf(role)
          ? tooLargeMessage(role)
          : !typesOf(role).includes(file.type)
            ? wrongTypeMessage(role)
            : null;
      setUploads((rows) => [...rows, { key, role, name: file.name, percent: 0, error: refusal }]);
      if (refusal) continue;
      const upload = startUpload(itemId, role, file, (percent) => patchRow(key, { percent }));
      running.current.set(key, upload);
      upload.done
        .then((stored) => {
          dropRow(key);
          setFiles((current) => [...current.filter((f) => !(single && f.role === role)), stored]);
          setAnnouncement(`${file.name} をアップロードしました`);
        })
        .catch((error: unknown) => {
          if (error instanceof UploadCancelled) {
            dropRow(key);
            setAnnouncement(`${file.name} のアップロードを中止しました`);
          } else {
            patchRow(key, { error: error instanceof Error ? error.message : String(error) });
          }
        })
        .finally(() => running.current.delete(key));
    }
  }

  async function change(fileId: string, body: { caption?: string; role?: 'cover' }, done: string) {
    try {
      const result = await sendChange<{ files: StaffMediaFile[] }>(
        `${mediaBase(itemId)}/${fileId}`,
        'PATCH',
        body,
      );
      setFiles(result.files);
      toast.success(done);
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  async function remove(file: StaffMediaFile) {
    try {
      await sendChange(`${mediaBase(itemId)}/${file.id}`, 'DELETE');
      setFiles((current) => current.filter((f) => f.id !== file.id));
      toast.success(`${file.fileName} を削除しました`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  const gallery = files.filter((f) => f.role === 'gallery').sort(byPosition);

  async function reorder(from: number, to: number) {
    if (to < 0 || to >= gallery.length || from === to) return;
    const previous = files;
    const moved = arrayMove(gallery, from, to);
    const positions = new Map(moved.map((file, index) => [file.id, index]));
    setFiles((current) =>
      current.map((f) => (positions.has(f.id) ? { ...f, position: positions.get(f.id)! } : f)),
    );
    setAnnouncement(`${gallery[from]!.fileName} を ${to + 1} 番目に移動しました`);
    try {
      const result = await sendChange<{ files: StaffMediaFile[] }>(`${mediaBase(itemId)}/order`, 'PUT', {
        ids: moved.map((f) => f.id),
      });
      setFiles(result.files);
    } catch (error) {
      setFiles(previous);
      toast.error((error as Error).message);
    }
  }

  const actions = { change, remove };

  return (
    <section aria-labelledby={`media-${itemId}`} className="flex flex-col gap-6" data-testid="media-manager">
      <h2 id={`media-${itemId}`} className="text-lg font-bold">
        画像・動画
      </h2>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {roles.map((role) => {
        const labels = BLOCK_LABELS[role];
        const ofRole = files.filter((f) => f.role === role).sort(byPosition);
        return (
          <section
            key={role}
            aria-labelledby={`media-${itemId}-${role}`}
            className="flex flex-col gap-3"
            data-testid={`media-block-${role}`}
          >
            <h3 id={`media-${itemId}-${role}`} className="font-bold">
              {labels.title}
            </h3>
            <DropZone
              inputLabel={labels.input}
              context={labels.title}
              hint={labels.hint}
              accept={typesOf(role).join(',')}
              multiple={role === 'gallery' || role === 'inline'}
              onFiles={(chosen) => addFiles(role, chosen)}
            />
            <UploadList
              rows={uploads.filter((row) => row.role === role)}
              onCancel={(key) => running.current.get(key)?.cancel()}
              onDismiss={dropRow}
            />
            {role === 'gallery' ? (
              <GalleryList files={gallery} actions={actions} onMove={reorder} />
            ) : (
              ofRole.length > 0 && (
                <ul className="flex flex-col gap-3" aria-label={`${labels.title}の一覧`}>
                  {ofRole.map((file) => (
                    <li key={file.id} data-testid="media-file">
                      <FileCard file={file} actions={actions}>
                        {role === 'inline' && onInsertImage && (
                          <button
                            type="button"
                            className={SMALL_BUTTON}
                            onClick={() =>
                              onInsertImage({ id: file.id, src: file.previewUrl, alt: file.caption ?? '' })
                            }
                          >
                            本文に挿入
                          </button>
                        )}
                      </FileCard>
                    </li>
                  ))}
                </ul>
              )
            )}
          </section>
        );
      })}
    </section>
  );
}

function UploadList({
  rows,
  onCancel,
  onDismiss,
}: {
  rows: UploadRow[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="アップロード中のファイル">
      {rows.map((row) => (
        <li
          key={row.key}
          data-testid="upload-row"
          className="flex flex-col gap-2 rounded-md border border-line p-3 text-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 font-bold break-all">{row.name}</span>
            {row.error ? (
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`閉じる（${row.name}）`}
                onClick={() => onDismiss(row.key)}
              >
                閉じる
              </button>
            ) : (
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`中止（${row.name}）`}
                onClick={() => onCancel(row.key)}
              >
                中止
              </button>
            )}
          </div>
          {row.error ? (
            <p role="alert" className="font-bold text-error">
              {row.error}
            </p>
          ) : (
            <div className="flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={`${row.name} のアップロード`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={row.percent}
                aria-valuetext={`${row.percent}%`}
                className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sub"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${row.percent}%` }} />
              </div>
              <span className="w-12 text-right tabular-nums" aria-hidden="true">
                {row.percent}%
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

interface FileActions {
  change: (fileId: string, body: { caption?: string; role?: 'cover' }, done: string) => Promise<void>;
  remove: (file: StaffMediaFile) => Promise<void>;
}

/** One stored file: its preview, name, caption form, and what can be done with it. */
function FileCard({
  file,
  actions,
  handle,
  children,
}: {
  file: StaffMediaFile;
  actions: FileActions;
  handle?: ReactNode;
  children?: ReactNode;
}) {
  const [caption, setCaption] = useState(file.caption ?? '');
  const [saving, setSaving] = useState(false);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-line bg-surface p-3 sm:flex-row">
      <div className="flex shrink-0 items-start gap-2">
        {handle}
        {file.kind === 'image' ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed, short-lived URL of the file itself
          <img
            src={file.previewUrl}
            alt={file.caption ?? ''}
            className="h-24 w-32 rounded bg-surface-sub object-contain"
          />
        ) : (
          <video
            src={file.previewUrl}
            controls
            preload="metadata"
            className="h-32 w-full max-w-xs rounded bg-ink"
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-bold break-all" data-testid="media-file-name">
          {file.fileName}
        </p>
        {file.kind === 'image' && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={async (event) => {
              event.preventDefault();
              setSaving(true);
              await actions.change(file.id, { caption }, 'キャプションを保存しました');
              setSaving(false);
            }}
          >
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-bold">キャプション</span>
              <input
                aria-label={`キャプション（${file.fileName}）`}
                value={caption}
                maxLength={500}
                onChange={(event) => setCaption(event.target.value)}
                className="min-h-11 rounded-md border border-line bg-surface px-3 text-base"
              />
            </label>
            <button
              type="submit"
              className={SMALL_BUTTON}
              disabled={saving}
              aria-label={`保存（${file.fileName} のキャプション）`}
            >
              保存
            </button>
          </form>
        )}
        <div className="flex flex-wrap gap-2">
          {children}
          {file.kind === 'image' && file.role !== 'cover' && (
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`カバーにする（${file.fileName}）`}
              onClick={() =>
                actions.change(file.id, { role: 'cover' }, `${file.fileName} をカバーにしました`)
              }
            >
              カバーにする
            </button>
          )}
          <ConfirmButton
            className={SMALL_BUTTON}
            label="削除"
            ariaLabel={`削除（${file.fileName}）`}
            title="ファイルを削除しますか？"
            description={`「${file.fileName}」を削除します。元に戻せません。`}
            confirmLabel="削除する"
            onConfirm={() => actions.remove(file)}
          />
        </div>
      </div>
    </div>
  );
}

function GalleryList({
  files,
  actions,
  onMove,
}: {
  files: StaffMediaFile[];
  actions: FileActions;
  onMove: (from: number, to: number) => Promise<void>;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (files.length === 0) return null;
  const nameOf = (id: string | number) => files.find((f) => f.id === id)?.fileName ?? '';
  const indexOf = (id: string | number) => files.findIndex((f) => f.id === id);
  const onDragEnd = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id) {
      void onMove(indexOf(event.active.id), indexOf(event.over.id));
    }
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'スペースキーで持ち上げ、矢印キーで移動し、もう一度スペースキーで置きます。Esc キーで取り消します。',
        },
        announcements: {
          onDragStart: ({ active }) => `${nameOf(active.id)} を持ち上げました。`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} を ${indexOf(over.id) + 1} 番目の位置へ。` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(active.id)} を ${indexOf(over.id) + 1} 番目に置きました。` : undefined,
          onDragCancel: ({ active }) => `${nameOf(active.id)} の移動を取り消しました。`,
        },
      }}
    >
      <SortableContext items={files.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-3" aria-label="ギャラリーの写真（表示順）">
          {files.map((file, index) => (
            <SortableFile
              key={file.id}
              file={file}
              index={index}
              count={files.length}
              actions={actions}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableFile({
  file,
  index,
  count,
  actions,
  onMove,
}: {
  file: StaffMediaFile;
  index: number;
  count: number;
  actions: FileActions;
  onMove: (from: number, to: number) => Promise<void>;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: file.id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`${file.fileName} をドラッグして並べ替え`}
      className="flex min-h-11 min-w-11 cursor-grab touch-none items-center justify-center rounded-md border border-line text-lg"
    >
      <span aria-hidden="true">⋮⋮</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-testid="media-file"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      <FileCard file={file} actions={actions} handle={handle}>
        <span className="inline-flex min-h-11 items-center text-sm text-ink/75">
          {index + 1} / {count}
        </span>
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={index === 0}
          aria-label={`前へ（${file.fileName}）`}
          onClick={() => onMove(index, index - 1)}
        >
          前へ
        </button>
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={index === count - 1}
          aria-label={`後へ（${file.fileName}）`}
          onClick={() => onMove(index, index + 1)}
        >
          後へ
        </button>
      </FileCard>
    </li>
  );
}
