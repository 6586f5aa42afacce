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
