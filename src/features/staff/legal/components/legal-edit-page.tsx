import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { PageHeading } from '@/components/ui/page-heading';
import type { LegalDocument } from '@/features/site';
import { LEGAL_LINK_LABELS, type LegalDocumentKind } from '@/features/site';
import { LegalEditor } from '@/features/staff/legal/components/legal-editor';

export function LegalEditPage({ kind, document }: { kind: LegalDocumentKind; document: LegalDocument }) {
  return (
    <div className="flex flex-col gap-6">
      <Link href={paths.staff.legal()} className="self-start text-sm underline underline-offset-4">
        ← 規約・法定表示の一覧
      </Link>
      <PageHeading>{LEGAL_LINK_LABELS[kind]}の編集</PageHeading>
      <LegalEditor kind={kind} document={document} />
    </div>
  );
}
