import type { SiteConfig, SectionId } from '@/features/site';
import { requiredStatus } from '@/features/site';

/**
 * Who reads an item on the site, in the console's words: the rule the site itself applies (requiredStatus: the
 * section's minimum status, unless staff opened the item to everyone), so the list never says 会員限定 of a NEWS item
 * every visitor reads.
 */
export function audienceLabel(
  config: SiteConfig,
  item: { section: SectionId; openToAll: boolean },
): '全員に公開' | '会員限定' | '非公開' {
  const required = requiredStatus(config, item);
  if (required === null) return '非公開';
  return required === 'guest' ? '全員に公開' : '会員限定';
}
