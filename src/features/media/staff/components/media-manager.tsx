'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { arrayMove } from '@dnd-kit/sortable';
import type { SectionId } from '@/features/site';
import type { StaffMediaFile } from '@/features/media/staff/server/files';
import { rolesOf, typesOf, type UploadRole } from '@/features/media/staff/roles';
import { mediaBase, sendChange } from '@/features/media/staff/components/media-api';
import { DropZone } from '@/features/media/staff/components/drop-zone';
import { FileCard } from '@/features/media/staff/components/file-card';
import { GalleryList } from '@/features/media/staff/components/gallery-list';
import { BLOCK_LABELS, SMALL_BUTTON } from '@/features/media/staff/components/media-labels';
import { UploadList } from '@/features/media/staff/components/upload-list';
import { useUploadQueue } from '@/features/media/staff/components/use-upload-queue';

export interface MediaManagerProps {
  itemId: string;
  section: SectionId;
  files: StaffMediaFile[];
  /** For the text sections: puts an uploaded image into the body (src is the file's signed preview URL). */
  onInsertImage?: (file: { id: string; src: string; alt: string }) => void;
}

const byPosition = (a: StaffMediaFile, b: StaffMediaFile) => a.position - b.position;

/**
 * The files of one content item in the console: a cover for every section, the gallery of a photo item (reordered by
 * dragging or with 「前へ」「後へ」), the video of a movie item, the body images of the text sections. Several files
 * upload at once, each with its own progress and its own error; a running upload can be cancelled.
 */
export function MediaManager({ itemId, section, files: initialFiles, onInsertImage }: MediaManagerProps) {
  const [files, setFiles] = useState(initialFiles);
  const [announcement, setAnnouncement] = useState('');
  const roles = rolesOf(section);
  const { uploads, addFiles, cancel, dismiss } = useUploadQueue(itemId, {
    onStored: (role: UploadRole, stored: StaffMediaFile) => {
      const single = role === 'cover' || role === 'video';
      setFiles((current) => [...current.filter((f) => !(single && f.role === role)), stored]);
    },
    announce: setAnnouncement,
  });

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
              onCancel={cancel}
              onDismiss={dismiss}
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
