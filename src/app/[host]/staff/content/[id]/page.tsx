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
  return (
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
}
