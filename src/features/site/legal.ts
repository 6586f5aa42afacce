/** Per-site legal pages; their text is site data. psa and asct are Japanese statutory notices. */
export const LEGAL_DOCUMENT_KINDS = ['privacy', 'terms', 'psa', 'asct'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

export const LEGAL_LINK_LABELS: Record<LegalDocumentKind, string> = {
  privacy: 'プライバシーポリシー',
  terms: '利用規約',
  psa: '資金決済法に基づく表示',
  asct: '特定商取引法に基づく表記',
};

/** psa and asct are lists of statutory items, shown as a table rather than as prose. */
export const TABULAR_LEGAL_DOCUMENTS: ReadonlySet<LegalDocumentKind> = new Set(['psa', 'asct']);
