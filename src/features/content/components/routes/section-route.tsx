import type { Metadata } from 'next';
import { PageHeading } from '@/components/ui/page-heading';
import { SectionBadge } from '@/features/site/components/section-badge';
import { ItemList } from '@/features/content/components/item-list';
import { loadSection, type PageMode } from '@/features/content/server/pages';
import type { ContentParams } from '@/features/content/components/routes/params';

/** A section's list page, for a visitor or for the request's viewer (app/[host] and app/[host]/member-view). */
export async function SectionRoute({ host, section, mode }: Omit<ContentParams, 'id'> & { mode: PageMode }) {
  const { ctx, entry, firstPage } = await loadSection(host, section, mode);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading aside={<SectionBadge status={entry.requiredUserStatus} />}>
        {entry.displayName}
      </PageHeading>
      <ItemList section={entry.id} viewer={ctx.viewer} firstPage={firstPage} />
    </div>
  );
}

export async function sectionMetadata(params: Omit<ContentParams, 'id'>, mode: PageMode): Promise<Metadata> {
  const { entry } = await loadSection(params.host, params.section, mode);
  return { title: entry.displayName };
}
