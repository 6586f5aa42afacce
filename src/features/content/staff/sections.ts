import type { SiteConfig } from '@/features/site';
import { SECTION_IDS, type SectionId } from '@/features/site';
import type { StaffSection } from '@/features/content/staff/components/section-tabs';

/** The sections the site offers, in menu order, with the site's own names for them. */
export function staffSections(config: SiteConfig): StaffSection[] {
  return config.FC_CONTENTS.flatMap((entry) =>
    entry.id === 'externalLink' ? [] : [{ id: entry.id, label: entry.displayName }],
  );
}

/** The section a query parameter names, if the site offers it; otherwise the site's first section. */
export function pickSection(
  sections: StaffSection[],
  value: string | string[] | undefined,
): SectionId | null {
  const wanted = typeof value === 'string' ? value : undefined;
  const found = sections.find((section) => section.id === wanted);
  return found?.id ?? sections[0]?.id ?? null;
}

export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);
}
