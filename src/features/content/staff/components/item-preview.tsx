import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { ItemDetailView } from '@/features/content/components/item-detail';
import type { ItemDetail } from '@/features/content/types';

const BANNERS = {
  guest: 'プレビュー（ゲスト会員の表示）',
  premium: 'プレビュー（プレミアム会員の表示）',
} as const;

/**
 * An item drawn by the fan site's own detail component, from what the fan pages' gate gives a guest or a premium
 * member, under a banner that says which.
 */
export function ItemPreview({
  item,
  as,
  sectionLabel,
  now,
}: {
  item: ItemDetail;
  as: 'guest' | 'premium';
  sectionLabel: string;
  now: Date;
}) {
  const other = as === 'guest' ? 'premium' : 'guest';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-primary bg-surface-sub px-4 py-3"
        data-testid="preview-banner"
      >
        <p className="text-lg font-bold">{BANNERS[as]}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={paths.staff.preview(item.id, other)} className="font-bold underline underline-offset-4">
            {BANNERS[other]}に切り替え
          </Link>
          <Link href={paths.staff.item(item.id)} className="font-bold underline underline-offset-4">
            編集に戻る
          </Link>
        </div>
      </div>
      <div className="rounded-lg border border-line" data-testid="preview">
        <ItemDetailView item={item} sectionLabel={sectionLabel} viewer={as} now={now} />
      </div>
    </div>
  );
}
