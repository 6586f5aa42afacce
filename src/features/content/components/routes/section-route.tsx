import type { Metadata } from 'next';
import { PageHeading } from '@/components/ui/page-heading';
import { SectionBadge } from '@/features/site/ui';
import { ItemList } from '@/features/content/components/item-list';
import { loadSection } from '@/features/content/server/pages';
import type { AudienceParams } from '@/features/content/components/routes/params';

type Params = AudienceParams & { section: string };

/** A section's list page for an audience. */
export async function SectionRoute({ host, audience, section }: Params) {
  const { ctx, entry, firstPage } = await loadSection(host, audience, section);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading aside={<SectionBadge status={entry.requiredUserStatus} />}>
        {entry.displayName}
      </PageHeading>
      <ItemList section={entry.id} viewer={ctx.viewer} firstPage={firstPage} />
    </div>
  );
}

export async function sectionMetadata(params: Params): Promise<Metadata> {
  const { entry } = await loadSection(params.host, params.audience, params.section);
  return { title: entry.displayName };
}
