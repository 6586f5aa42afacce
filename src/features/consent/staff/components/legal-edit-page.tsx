import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { PageHeading } from '@/components/ui/page-heading';
import type { LegalDocument } from '@/features/site';
import { LEGAL_LINK_LABELS, type LegalDocumentKind } from '@/features/site';
import { LegalEditor } from '@/features/consent/staff/components/legal-editor';
import { PublishVersion } from '@/features/consent/staff/components/publish-version';

export function LegalEditPage({
  kind,
  document,
  version,
}: {
  kind: LegalDocumentKind;
  document: LegalDocument;
  /** "第2版（2026年11月25日公開）" for the pages members agree to; none for the statutory notices. */
  version?: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Link href={paths.staff.legal()} className="self-start text-sm underline underline-offset-4">
        ← 規約・法定表示の一覧
      </Link>
      <PageHeading>{LEGAL_LINK_LABELS[kind]}の編集</PageHeading>
      <LegalEditor kind={kind} document={document} />
      {version && <PublishVersion kind={kind} current={version} />}
    </div>
  );
}
