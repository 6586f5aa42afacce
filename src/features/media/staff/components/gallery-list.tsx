'use client';

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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { StaffMediaFile } from '@/features/media/staff/server/files';
import { FileCard, type FileActions } from '@/features/media/staff/components/file-card';
import { SMALL_BUTTON } from '@/features/media/staff/components/media-labels';

/** The gallery in its shown order: dragged by the handle (pointer or keyboard) or moved with 「前へ」「後へ」. */
export function GalleryList({
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
