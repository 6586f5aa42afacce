import { ItemCard, ItemRow } from '@/features/content/components/item-card';
import type { ItemSummary } from '@/features/content/types';
import type { SectionId } from '@/features/site';

/** A section's newest items on the top page: rows for news, cards for the others. */
export function LatestItems({ section, items }: { section: SectionId; items: ItemSummary[] }) {
  if (section === 'news') {
    return (
      <ul className="border-t border-line">
        {items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
      {items.map((item) => (
        <ItemCard key={item.id} item={item} />
      ))}
    </ul>
  );
}
