import type { Metadata } from 'next';
import { SectionRoute, sectionMetadata } from '@/features/content/components/routes/section-route';

interface Props {
  params: Promise<{ host: string; section: string }>;
}

// Cached for every signed-out visitor (ISR, see the layout); a request with a session gets member-view/ instead.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return sectionMetadata(await props.params, 'public');
}

export default async function Page(props: Props) {
  return <SectionRoute {...await props.params} mode="public" />;
}
