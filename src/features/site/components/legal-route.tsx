import type { Metadata } from 'next';
import type { LegalDocumentKind } from '@/features/site/legal';
import { requireSite, type HostParams } from '@/features/site/server/site';
import { requireLegalDocument } from '@/features/site/server/legal-document';
import { LegalPage } from '@/features/site/components/legal-page';

/** The page module of one legal route: app/[host]/{kind}/page.tsx re-exports these. */
export function legalRoute(kind: LegalDocumentKind) {
  const load = async (props: HostParams) => requireLegalDocument(await requireSite(props), kind);
  return {
    generateMetadata: async (props: HostParams): Promise<Metadata> => ({ title: (await load(props)).title }),
    Page: async (props: HostParams) => <LegalPage kind={kind} document={await load(props)} />,
  };
}
