/** An e-ticket as its holder's My page shows it (dates as ISO strings: it crosses to the client). */
export interface ETicketView {
  id: string;
  title: string;
  venue: string;
  startsAt: string;
  doorsAt: string | null;
  seatType: string;
  /** Null until the reveal time; then 「指定席 Aブロック 3列 12番」. */
  seat: string | null;
  seatRevealAt: string | null;
  holderName: string;
  holderNumber: string;
  /** held: mine; offered: I hold it and offered it to a companion; incoming: a companion offered it to me. */
  relation: 'held' | 'offered' | 'incoming';
  offeredToName: string | null;
  state: 'valid' | 'used' | 'cancelled' | 'past';
  checkedInAt: string | null;
  /** Companions of the application it may be handed to (分配), for its applicant while it can move. */
  companions: { memberId: string; name: string; number: string }[];
  movable: boolean;
  /** Its live 公式リセール listing's state, if any: while there is one it cannot be handed on (分配). */
  resale: 'listed' | 'matched' | null;
}

/** One batch of living codes (GET /api/tickets/codes): each subject's codes for the next windows. */
export interface CodeBatch {
  serverNow: number;
  windows: number[];
  subjects: { ref: string; codes: string[]; short: string[] }[];
}

/** The door's copy of one performance (GET /api/staff/door/{performanceId}), kept on the device for offline use. */
export interface DoorRoster {
  siteTag: string;
  performanceId: string;
  performanceTag: string;
  label: string;
  keys: Record<number, string>;
  fetchedAt: number;
  tickets: {
    id: string;
    holderName: string;
    memberNumber: number;
    holderVersion: number;
    seat: string;
    state: 'valid' | 'used' | 'cancelled';
    checkedInAt: string | null;
    /** The application's accessibility request, for staff with `members:contact` only (decision 0053). */
    access?: string | null;
  }[];
}

export interface DoorScan {
  clientScanId: string;
  code?: string;
  short?: string;
  scannedAt: number;
  offline: boolean;
}

export interface DoorResult {
  clientScanId: string;
  outcome: 'admitted' | 'member' | 'refused' | 'duplicate';
  reason?: string;
  message: string;
  holderName?: string;
  memberNumber?: string;
  seat?: string;
  checkedInAt?: string;
  /** The accessibility request, for staff with `members:contact` only (decision 0053). */
  access?: string;
}

/**
 * The codes a phone keeps for the day (GET /api/tickets/codes/day, decision 0054): the member card's and each of the
 * day's tickets' for every window of their door windows (a ticket's code is '' outside its own), and when the last
 * of them ends (Unix ms), or null when the member holds no ticket for today.
 */
export interface OfflineCodes {
  batch: CodeBatch;
  until: number | null;
}

/** What My page tells the phone of its copy for no signal: the member's opaque key, and whether to keep one now. */
export interface OfflineCopy {
  key: string;
  keep: boolean;
}
