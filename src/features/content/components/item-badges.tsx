import { Badge } from '@/components/ui/badge';
import { LiveBadge } from '@/features/content/components/live-badge';
import type { ItemSummary } from '@/features/content/types';

export function liveLabel(item: Pick<ItemSummary, 'section'>): string {
  return item.section === 'ticket' ? '受付中' : 'LIVE';
}

export function ItemBadges({ item }: { item: ItemSummary }) {
  if (!item.live && !item.locked) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {item.live && <LiveBadge label={liveLabel(item)} />}
      {item.locked && <Badge>会員限定</Badge>}
    </span>
  );
}
