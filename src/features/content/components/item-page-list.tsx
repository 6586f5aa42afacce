import { ItemCard, ItemRow } from '@/features/content/components/item-card';
import type { ItemSummary } from '@/features/content/types';
import type { SectionId } from '@/features/site';

/** A page of a section's items: rows for news, cards for the others. `continued`: below an earlier page. */
export function ItemPageList({
  section,
  items,
  continued = false,
}: {
  section: SectionId;
  items: ItemSummary[];
  continued?: boolean;
}) {
  if (section === 'news') {
    return (
      <ul className={continued ? undefined : 'border-t border-line'}>
        {items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </ul>
    );
  }
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${continued ? 'mt-5' : ''}`}>
      {items.map((item, index) => (
        <ItemCard key={item.id} item={item} priority={!continued && index < 3} heading="h2" />
      ))}
    </ul>
  );
}
