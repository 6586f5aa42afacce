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
