import type { Metadata } from 'next';
import { SectionRoute, sectionMetadata } from '@/features/content/app';
import type { AudienceParams } from '@/features/content';

type Props = { params: Promise<AudienceParams & { section: string }> };

// One rendering per audience, kept (ISR, see the layout) and never reading the request: proxy.ts chose the audience.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return sectionMetadata(await props.params);
}

export default async function Page(props: Props) {
  return <SectionRoute {...await props.params} />;
}
