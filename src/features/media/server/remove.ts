import 'server-only';
import { getStorage, type ObjectStorage } from '@/server/storage';
import type { MediaRow } from '@/features/media/server/variants';

/**
 * Removes every stored rendition of a media row whose database row is gone (call after the deletion commits). A
 * file that fails to go is only an orphan in storage, never a file served: nothing points at it any more.
 */
export async function deleteStoredFiles(row: MediaRow, storage: ObjectStorage = getStorage()): Promise<void> {
  const results = await Promise.allSettled(row.variants.map((variant) => storage.delete(variant.key)));
  for (const result of results) {
    if (result.status === 'rejected')
      console.error(`media ${row.id}: a stored file was not removed`, result.reason);
  }
}
