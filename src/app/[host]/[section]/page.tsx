import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireSite } from '@/features/site/server/site';
import { findSection } from '@/features/site/navigation';
import { SectionPage } from '@/features/site/components/section-page';

interface Props {
  params: Promise<{ host: string; section: string }>;
}

async function sectionOf(props: Props) {
  const [site, { section }] = await Promise.all([requireSite(props), props.params]);
  return findSection(site.config, section) ?? notFound();
}

export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: (await sectionOf(props)).displayName };
}

export default async function Page(props: Props) {
  return <SectionPage section={await sectionOf(props)} />;
}
