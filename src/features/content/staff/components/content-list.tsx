import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import type { SectionId, SiteConfig } from '@/features/site';
import { audienceLabel } from '@/features/content/staff/audience';
import type { StaffListRow } from '@/features/content/staff/server/item-reads';
import { SectionTabs, type StaffSection } from '@/features/content/staff/components/section-tabs';
import { formatDateTimeJa, StatusBadge } from '@/features/content/staff/components/status';

/** The console's list of a section's items: every state, newest first, a page at a time. */
export function ContentList({
  config,
  sections,
  section,
  items,
  page,
  hasNext,
}: {
  config: SiteConfig;
  sections: StaffSection[];
  section: SectionId;
  items: StaffListRow[];
  page: number;
  hasNext: boolean;
}) {
  const label = sections.find((entry) => entry.id === section)?.label ?? section;
  const pageHref = (to: number) => `${paths.staff.content(section)}${to > 1 ? `&page=${to}` : ''}`;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">コンテンツ</h1>
        <Link href={paths.staff.newItem(section)} className={buttonClass('primary')}>
          新規作成
        </Link>
      </div>
      <SectionTabs sections={sections} current={section} />
      {items.length === 0 ? (
        <p className="py-6 text-ink/75">
          {page > 1 ? 'このページに記事はありません。' : `${label}の記事はまだありません。`}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{label}の記事一覧</caption>
            <thead className="bg-surface-sub">
              <tr>
                <th scope="col" className="px-3 py-2">
                  タイトル
                </th>
                <th scope="col" className="px-3 py-2">
                  状態
                </th>
                <th scope="col" className="px-3 py-2">
                  公開日
                </th>
                <th scope="col" className="px-3 py-2">
                  公開範囲
                </th>
                <th scope="col" className="px-3 py-2">
                  LIVE
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-t border-line" data-item-id={item.id}>
                  <td className="px-3 py-2">
                    <Link
                      href={paths.staff.item(item.id)}
                      className="font-bold break-all underline underline-offset-4"
                    >
                      {item.title}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={item.status} publishedAt={item.publishedAt} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={item.publishedAt}>{formatDateTimeJa(item.publishedAt)}</time>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {audienceLabel(config, { section, openToAll: item.openToAll })}
                  </td>
                  <td className="px-3 py-2">{item.isLive ? <span className="font-bold">LIVE</span> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(page > 1 || hasNext) && (
        <nav aria-label="ページ" className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link href={pageHref(page - 1)} className={buttonClass('secondary')} rel="prev">
              前のページ
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-ink/75">{page}ページ目</span>
          {hasNext ? (
            <Link href={pageHref(page + 1)} className={buttonClass('secondary')} rel="next">
              次のページ
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
