import type { ContentSectionEntry } from '@/features/site/schema';
import { PageHeading } from '@/components/ui/page-heading';
import { SectionBadge } from '@/features/site/components/section-badge';

/** A section's list page. Its items arrive with the content model; until then the list is honestly empty. */
export function SectionPage({ section }: { section: ContentSectionEntry }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading aside={<SectionBadge status={section.requiredUserStatus} />}>
        {section.displayName}
      </PageHeading>
      <p className="rounded-lg bg-surface-muted px-4 py-12 text-center text-sm">
        まだ公開されている記事はありません。
      </p>
    </div>
  );
}
