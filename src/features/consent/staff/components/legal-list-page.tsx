import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import type { Site } from '@/features/site';
import type { StaffActor } from '@/features/staff';
import { listLegalDocuments } from '@/features/consent/staff/server/legal';

const DATE = new Intl.DateTimeFormat('ja-JP', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Tokyo',
});

/** The legal pages the site links in its footer, each opening its editor. */
export async function LegalListPage({ actor, site }: { actor: StaffActor; site: Site }) {
  const documents = await listLegalDocuments(await getDb(), actor, site);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>規約・法定表示</PageHeading>
      <p className="text-sm leading-relaxed text-ink/75">
        サイトのフッターからリンクされているページです。保存するとサイトにすぐ反映されます。
      </p>
      <ul className="flex flex-col divide-y divide-line border-y border-line" data-testid="legal-list">
        {documents.map((document) => (
          <li key={document.kind} className="flex flex-wrap items-center justify-between gap-3 py-4">
            <div className="flex min-w-0 flex-col gap-1">
              <Link
                href={paths.staff.legal(document.kind)}
                data-testid="legal-edit-link"
                className="font-bold underline underline-offset-4 hover:text-tertiary"
              >
                {document.label}
              </Link>
              <span className="text-sm break-all text-ink/75">
                {document.title ?? '（本文がありません）'}
                {document.updatedAt && ` ・ 最終更新 ${DATE.format(document.updatedAt)}`}
              </span>
            </div>
            <a
              href={`/${document.kind}`}
              target="_blank"
              rel="noreferrer"
              aria-label={`${document.label}をサイトで見る（新しいタブで開きます）`}
              className="text-sm underline underline-offset-4"
            >
              サイトで見る
            </a>
          </li>
        ))}
      </ul>
      {documents.length === 0 && <p className="text-sm">このサイトには規約のページがありません。</p>}
    </div>
  );
}
