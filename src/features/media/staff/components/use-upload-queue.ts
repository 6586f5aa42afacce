'use client';

import { useEffect, useRef, useState } from 'react';
import type { StaffMediaFile } from '@/features/media/staff/server/files';
import {
  maxBytesOf,
  tooLargeMessage,
  typesOf,
  wrongTypeMessage,
  type UploadRole,
} from '@/features/media/staff/roles';
import {
  startUpload,
  UploadCancelled,
  type RunningUpload,
} from '@/features/media/staff/components/media-api';

export interface UploadRow {
  key: string;
  role: UploadRole;
  name: string;
  percent: number;
  error: string | null;
}

interface UploadCallbacks {
  /** A file the server stored (the single file of a cover or video block replaces the old one). */
  onStored: (role: UploadRole, stored: StaffMediaFile) => void;
  /** A sentence for the screen-reader status line. */
  announce: (message: string) => void;
}

/**
 * The upload queue of the media manager: each chosen file is checked in the browser (type, size), then sent with
 * XHR progress; a row per file keeps its progress or its own error; a running upload can be cancelled, and every
 * running upload is cancelled when the manager unmounts.
 */
export function useUploadQueue(itemId: string, { onStored, announce }: UploadCallbacks) {
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const running = useRef(new Map<string, RunningUpload>());

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
          onStored(role, stored);
          announce(`${file.name} をアップロードしました`);
        })
        .catch((error: unknown) => {
          if (error instanceof UploadCancelled) {
            dropRow(key);
            announce(`${file.name} のアップロードを中止しました`);
          } else {
            patchRow(key, { error: error instanceof Error ? error.message : String(error) });
          }
        })
        .finally(() => running.current.delete(key));
    }
  }

  const cancel = (key: string) => running.current.get(key)?.cancel();

  return { uploads, addFiles, cancel, dismiss: dropRow };
}
