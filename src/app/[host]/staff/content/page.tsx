import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { requireStaffPage } from '@/features/staff/app';
import { pickSection, staffSections } from '@/features/content';
import { listStaffItems } from '@/features/content/server';
import { ContentList } from '@/features/content/ui';

export const metadata: Metadata = { title: 'コンテンツ' };

interface Props {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function StaffContentPage(props: Props) {
  const [{ host }, query] = await Promise.all([props.params, props.searchParams]);
  const wanted = typeof query.section === 'string' ? query.section : undefined;
  const actor = await requireStaffPage(host, 'content:write', paths.staff.content(wanted));
  const site = (await getSite(host)) ?? notFound();
  const sections = staffSections(site.config);
  const section = pickSection(sections, query.section);
  if (!section) notFound();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(String(query.page ?? '1'), 10) || 1));
  const list = await listStaffItems(await getDb(), actor, section, page);
  return <ContentList config={site.config} sections={sections} section={section} {...list} />;
}
