import type { LegalDocument } from '@/features/site/import-schema';
import { TABULAR_LEGAL_DOCUMENTS, type LegalDocumentKind } from '@/features/site/legal';
import { PageHeading } from '@/components/ui/page-heading';

/** A legal page whose text is site data: prose for privacy and terms, a table for the statutory notices. */
export function LegalPage({ kind, document }: { kind: LegalDocumentKind; document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageHeading>{document.title}</PageHeading>
      {document.intro && <p className="mb-8 leading-relaxed whitespace-pre-line">{document.intro}</p>}
      {TABULAR_LEGAL_DOCUMENTS.has(kind) ? (
        <dl className="divide-y divide-line border-y border-line">
          {document.items.map((item) => (
            <div key={item.heading} className="grid gap-1 py-4 md:grid-cols-[14rem_1fr] md:gap-6">
              <dt className="font-bold">{item.heading}</dt>
              <dd className="leading-relaxed whitespace-pre-line">{item.text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        document.items.map((item) => (
          <section key={item.heading} className="mb-8">
            <h2 className="mb-2 text-lg font-bold">{item.heading}</h2>
            <p className="leading-relaxed whitespace-pre-line">{item.text}</p>
          </section>
        ))
      )}
    </article>
  );
}
