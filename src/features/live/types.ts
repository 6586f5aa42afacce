/** A live item's player state, as the app tells the player (GET /api/live/{itemId}). */
export type LiveSource =
  | { state: 'scheduled'; scheduledAt: string }
  | { state: 'live'; scheduledAt: string; startedAt: string; url: string }
  | {
      state: 'ended';
      scheduledAt: string;
      endedAt: string;
      /** Until when members may watch the archive; null: no archive (none kept, or its period is over). */
      archiveUntil: string | null;
      url: string | null;
    };

/** The stream as the staff console shows it; the key is shown only right after it is made. */
export interface StaffLiveStream {
  id: string;
  state: 'scheduled' | 'live' | 'ended';
  scheduledAt: string;
  archiveDays: number;
  archiveUntil: string | null;
}

export const ARCHIVE_DAYS_MAX = 365;
