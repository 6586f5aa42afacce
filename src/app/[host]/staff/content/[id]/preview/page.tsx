import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { findSection } from '@/features/site';
import { requireStaffPage } from '@/features/staff/app';
import { previewStaffItem } from '@/features/content/server';
import { ItemPreview } from '@/features/content/ui';

export const metadata: Metadata = { title: 'プレビュー' };

interface Props {
  params: Promise<{ host: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function PreviewPage(props: Props) {
  const [{ host, id }, query] = await Promise.all([props.params, props.searchParams]);
  const as = query.as === 'premium' ? 'premium' : 'guest';
  const actor = await requireStaffPage(host, 'content:write', paths.staff.preview(id, as));
  const site = (await getSite(host)) ?? notFound();
  const now = new Date();
  const item = await previewStaffItem(await getDb(), actor, site, id, as, now).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const label = findSection(site.config, item.section)?.displayName ?? item.section;
  return <ItemPreview item={item} as={as} sectionLabel={label} now={now} />;
}
