import type { Metadata } from 'next';
import { SectionRoute, sectionMetadata } from '@/features/content/components/routes/section-route';

interface Props {
  params: Promise<{ host: string; section: string }>;
}

// A section's list as every premium member sees it, cached (ISR, see the layout) and rendered without reading the
// request. Reached only through the front server, which checked the session (decision 0012).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return sectionMetadata(await props.params, 'premium');
}

export default async function Page(props: Props) {
  return <SectionRoute {...await props.params} mode="premium" />;
}
