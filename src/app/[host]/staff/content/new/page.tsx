import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { paths } from '@/lib/paths';
import { getSite } from '@/features/site/app';
import { requireStaffPage } from '@/features/staff/app';
import { pickSection, staffSections } from '@/features/content';
import { NewItemForm } from '@/features/content/ui';

export const metadata: Metadata = { title: '新規作成' };

interface Props {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function NewItemPage(props: Props) {
  const [{ host }, query] = await Promise.all([props.params, props.searchParams]);
  const wanted = typeof query.section === 'string' ? query.section : 'news';
  await requireStaffPage(host, 'content:write', paths.staff.newItem(wanted));
  const site = (await getSite(host)) ?? notFound();
  const sections = staffSections(site.config);
  const section = pickSection(sections, query.section);
  if (!section) notFound();
  return <NewItemForm sections={sections} section={section} />;
}
