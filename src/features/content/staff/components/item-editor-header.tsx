import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { SectionId } from '@/features/site';
import { StatusBadge } from '@/features/content/staff/components/status';
import type { ItemStateView } from '@/features/content/staff/components/use-item-editor';

/** The edit page's heading: back to the list, the item's status, unsaved changes, the two preview links. */
export function ItemEditorHeader({
  itemId,
  section,
  sectionLabel,
  state,
  isDirty,
}: {
  itemId: string;
  section: SectionId;
  sectionLabel: string;
  state: ItemStateView;
  isDirty: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Link
        href={paths.staff.content(section)}
        className="self-start text-sm font-bold underline underline-offset-4"
      >
        {sectionLabel}の一覧へ
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all">記事の編集</h1>
        <span data-testid="item-status">
          <StatusBadge status={state.status} publishedAt={state.publishedAt} />
        </span>
        {isDirty && <span className="text-sm text-ink/75">未保存の変更があります</span>}
      </div>
      <nav aria-label="プレビュー" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a
          href={paths.staff.preview(itemId, 'guest')}
          target="_blank"
          rel="noopener"
          className="font-bold underline underline-offset-4"
        >
          ゲスト会員の表示をプレビュー
        </a>
        <a
          href={paths.staff.preview(itemId, 'premium')}
          target="_blank"
          rel="noopener"
          className="font-bold underline underline-offset-4"
        >
          プレミアム会員の表示をプレビュー
        </a>
        <span className="text-ink/75">（保存済みの内容を表示します）</span>
      </nav>
    </div>
  );
}
