import { createHash } from 'node:crypto';

/** Seats per row and rows per block of the demo's seat plan: a seat's index gives its block, row and number. */
const SEATS_PER_ROW = 20;
const ROWS_PER_BLOCK = 10;

/** The label of the seat at `index` (0-based) of a seat type: 「指定席 Aブロック 3列 12番」. */
export function seatLabel(seatType: string, index: number): string {
  const block = Math.floor(index / (SEATS_PER_ROW * ROWS_PER_BLOCK));
  const letter = String.fromCharCode(65 + (block % 26)) + (block >= 26 ? String(Math.floor(block / 26)) : '');
  const row = Math.floor((index % (SEATS_PER_ROW * ROWS_PER_BLOCK)) / SEATS_PER_ROW) + 1;
  const number = (index % SEATS_PER_ROW) + 1;
  return `${seatType} ${letter}ブロック ${row}列 ${number}番`;
}

/**
 * The order in which paid applications of one issue take seats: by SHA-256 of the presale's seed and the receipt
 * number. The seed is published with the draw record from the results time, so anyone can recompute the order;
 * nobody could choose it (not the time of payment, not the time of application). An application's seats are
 * consecutive, so companions sit together.
 */
export function seatOrder<T extends { receiptNo: string }>(seed: string, applications: T[]): T[] {
  const keyed = applications.map((application) => ({
    application,
    key: createHash('sha256').update(`fc-seat-order:v1|${seed}|${application.receiptNo}`).digest('hex'),
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ application }) => application);
}
