/**
 * What the jsonb columns hold, declared here so that the database layer names its own types and never imports a
 * feature (docs/decisions/0021, amended 2026-11-27). The feature that writes a column validates it with its zod
 * schema, and that schema is declared `satisfies z.ZodType<...>` of the type here: a schema that would write
 * something else does not compile.
 */

/**
 * `sites.config`: a JSON object whose shape is the site feature's `siteConfigSchema`, which parses it on every
 * write and every read (the only two readers parse it already), so the column claims no more than an object.
 */
export type StoredSiteConfig = Readonly<Record<string, unknown>>;

/** `site_documents.document`: a legal page (privacy, terms, ...), a title, an optional intro and its sections. */
export interface StoredLegalDocument {
  title: string;
  intro?: string;
  items: { heading: string; text: string }[];
}

/**
 * `presales.beacon`: the randomness a draw uses (docs/presale-draw.md, section 1). A beacon the server drew itself
 * carries a note saying nobody can check it; its exact wording is the draw record's (`drawBeaconSchema`), which the
 * draw parses the stored beacon with before it uses it.
 */
export type StoredDrawBeacon =
  | { source: 'drand'; round: number; randomness: string; signature: string }
  | { source: 'local' | 'operator'; round: number; randomness: string; note: string };

/**
 * `presale_results.result`: one applicant's result as the results time fixed it (docs/decisions/0034, 2026-11-27),
 * written once by the presale job's announce step and read by the member's result view instead of rebuilding it from
 * the application, its choices and its companions. What changes later (paid, lapsed, refunded, the payment method) is
 * read from the application's row in the same query, never from here.
 */
export interface StoredPresaleResult {
  receiptNo: string;
  tickets: number;
  /** The draw's outcome at the results time. */
  outcome: 'won' | 'lost' | 'void';
  /** The offering ids by rank (第1希望 first). */
  choices: string[];
  /** As the result view shows them: the member number and nickname at the results time, and the answer. */
  companions: { memberNumber: number | null; nickname: string | null; status: string }[];
  wonOfferingId: string | null;
  wonRank: number | null;
  voidReason: string | null;
  /** The fan's own accessibility request, shown back to them (absent in rows written before it existed). */
  accessNeed?: 'wheelchair' | 'other' | null;
  accessNote?: string | null;
  /** A win: where, which seat type, what it costs, and the konbini deadline (null: the card, charged by the job). */
  won: {
    performanceId: string;
    startsAt: string;
    venue: string;
    seatType: string;
    amountYen: number;
    payBy: string | null;
  } | null;
}
