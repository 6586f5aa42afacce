import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { paths } from '@/lib/paths';
import { isAppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import { requireSite } from '@/features/site/app';
import { LEGAL_LINK_LABELS } from '@/features/site';
import { requireStaffPage } from '@/features/staff/app';
import { isLegalKind } from '@/features/consent';
import { getLegalDocument, getDocumentVersion, isVersionedKind } from '@/features/consent/server';
import { LegalEditPage } from '@/features/consent/ui';
import { describeVersion } from '@/features/consent';

interface Props {
  params: Promise<{ host: string; kind: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { kind } = await params;
  return { title: isLegalKind(kind) ? `${LEGAL_LINK_LABELS[kind]}の編集` : '規約・法定表示' };
}

export default async function StaffLegalEditRoute(props: Props) {
  const { host, kind } = await props.params;
  const actor = await requireStaffPage(host, 'legal:write', paths.staff.legal(kind));
  const site = await requireSite(props);
  const db = await getDb();
  const loaded = await getLegalDocument(db, actor, site, kind).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const version = isVersionedKind(loaded.kind)
    ? await getDocumentVersion(db, actor, site, loaded.kind)
    : null;
  return (
    <LegalEditPage
      kind={loaded.kind}
      document={loaded.document}
      version={version ? describeVersion({ ...version, title: loaded.document.title }) : undefined}
    />
  );
}
