import type { PresaleState } from './state';

/** What the presale API answers a member (GET /api/presales/item/[itemId]). */
export interface PresaleOfferingView {
  id: string;
  seatType: string;
  priceYen: number;
}
export interface PresalePerformanceView {
  id: string;
  startsAt: string;
  doorsAt: string | null;
  venue: string;
  offerings: PresaleOfferingView[];
}
export interface MyApplicationView {
  receiptNo: string;
  tickets: number;
  status: string;
  choices: string[];
  companions: { memberNumber: number | null; nickname: string | null; status: string }[];
  wonOfferingId: string | null;
  wonRank: number | null;
  voidReason: string | null;
  paymentMethod: 'card' | 'konbini';
  updatedAt: string;
  /** The applicant's own accessibility request while the window is open (decision 0053); absent after the results. */
  accessNeed?: 'wheelchair' | 'other' | null;
  accessNote?: string | null;
}
export interface PresaleView {
  id: string;
  state: PresaleState;
  opensAt: string;
  closesAt: string;
  resultsAt: string;
  joinedBefore: string;
  ticketsPerApplication: number;
  choiceCount: number;
  companionRule: 'none' | 'member';
  /** The application offers an accessibility request (decision 0053). */
  accessibilityRequests: boolean;
  commitment: string;
  entryListHash: string | null;
  beacon: { source: string; round: number } | null;
  /** The drand round fixed at the close, before its beacon is out. */
  beaconRound: number | null;
  recordPublished: boolean;
  performances: PresalePerformanceView[];
  /** For this viewer: may they apply now, and if not, why (Japanese). */
  canApply: { ok: boolean; reason: string | null };
  mine: MyApplicationView | null;
  /** An invitation to accompany someone, waiting for this viewer's answer or accepted. */
  invitation: { receiptNo: string; applicantNickname: string | null; tickets: number; status: string } | null;
  /** The viewer's saved card ("Visa •••• 4242"), offered as the way to pay a win; null: konbini only. */
  savedCard?: string | null;
}

/** One published draw of a site (`/draws`, `/api/draws`: open data). */
export interface PublicDraw {
  presaleId: string;
  /** The TICKET item, when it is itself public. */
  itemId: string | null;
  title: string | null;
  drawnAt: string;
  publishedAt: string;
  /** Entries in the frozen list, as the draw log recorded them at the close. */
  entries: number | null;
  verifyUrl: string;
  recordUrl: string;
  /** The presale's second rounds drawn so far (resale match times, 復活当選; docs/presale-draw.md section 9), oldest first. */
  rounds: PublicRound[];
}

/** One second round of a published draw. */
export interface PublicRound {
  number: number;
  kind: 'resale' | 'second-chance';
  drawnAt: string;
  entries: number;
  verifyUrl: string;
  recordUrl: string;
}

/** What a presale fixed in advance, shown to everyone on its TICKET item (GET /api/presales/item/[itemId]/fairness). */
export interface PresaleFairness {
  presaleId: string;
  commitment: string;
  beacon: {
    source: 'drand' | 'local' | 'operator';
    /** drand: the round fixed from the close, and when it is emitted. */
    round: number | null;
    roundAt: string | null;
    /** local / operator: what the record says of bytes nobody can check. */
    note: string | null;
    /** The draw log's round values, oldest first (`drand:<round>`, `local`, `operator`). */
    logged: string[];
  };
  /** From the close. */
  entryListHash: string | null;
  entries: number | null;
  /** From the results time. */
  verifyUrl: string | null;
  recordUrl: string | null;
}
