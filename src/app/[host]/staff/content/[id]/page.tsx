import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { requireStaffPage } from '@/features/staff/app';
import { staffSections, toFormValues } from '@/features/content';
import { loadItemForEdit, itemState } from '@/features/content/server';
import { listItemFiles } from '@/features/media/server';
import { ItemEditor } from '@/features/content/ui';
import { env } from '@/server/env';
import { findStreamOfItem, staffStream } from '@/features/live/server';
import { LivePanel } from '@/features/live/ui';

export const metadata: Metadata = { title: '記事の編集' };

interface Props {
  params: Promise<{ host: string; id: string }>;
}

export default async function EditItemPage(props: Props) {
  const { host, id } = await props.params;
  const actor = await requireStaffPage(host, 'content:write', paths.staff.item(id));
  const site = (await getSite(host)) ?? notFound();
  const db = await getDb();
  const loaded = await loadItemForEdit(db, actor, id).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const files = await listItemFiles(db, actor, loaded.item.id);
  const section = staffSections(site.config).find((entry) => entry.id === loaded.item.section);
  // A live item (decision 0050): the section the site names for live (MOVIE unless configured).
  const live = loaded.item.section === site.config.LIVE_SECTION;
  const stream = live ? await findStreamOfItem(db, site.id, loaded.item.id) : null;
  const editor = (
    <ItemEditor
      itemId={loaded.item.id}
      section={loaded.item.section}
      sectionLabel={section?.label ?? loaded.item.section}
      initialValues={toFormValues(loaded.item)}
      initialState={itemState(loaded.item)}
      imageUrls={loaded.imageUrls}
      files={files}
    />
  );
  if (!live) return editor;
  return (
    <div className="flex flex-col gap-8">
      {editor}
      <LivePanel
        itemId={loaded.item.id}
        initial={stream ? staffStream(stream) : null}
        ingestUrl={env.LIVE_INGEST_URL ?? null}
      />
    </div>
  );
}
