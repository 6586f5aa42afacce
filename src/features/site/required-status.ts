import type { SiteConfig, UserStatus } from '@/features/site/schema';
import type { SectionId } from '@/features/site/sections';
import { findSection } from '@/features/site/navigation';

/**
 * The status an item needs: the section's minimum status from FC_CONTENTS (spec 2 and 6), unless staff opened the
 * item to everyone. null when the site does not offer the section at all, so its items are served to nobody. Here in
 * the site, not in content: media serves an item's files by it too, and sits below content (decision 0042).
 */
export function requiredStatus(
  config: SiteConfig,
  item: { section: SectionId; openToAll: boolean },
): UserStatus | null {
  const section = findSection(config, item.section);
  if (!section) return null;
  return item.openToAll ? 'guest' : section.requiredUserStatus;
}
