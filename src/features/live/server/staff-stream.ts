import type { LiveStreamRow } from '@/server/db/live-schema';
import type { StaffLiveStream } from '@/features/live/types';

export function staffStream(row: LiveStreamRow): StaffLiveStream {
  return {
    id: row.id,
    state: row.state,
    scheduledAt: row.scheduledAt.toISOString(),
    archiveDays: row.archiveDays,
    archiveUntil: row.archiveUntil?.toISOString() ?? null,
  };
}
