import type { Metadata } from 'next';
import { SectionRoute, sectionMetadata } from '@/features/content/components/routes/section-route';

interface Props {
  params: Promise<{ host: string; section: string }>;
}

// A request with a session (proxy.ts): rendered for its viewer, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata(props: Props): Promise<Metadata> {
  return sectionMetadata(await props.params, 'member');
}

export default async function Page(props: Props) {
  return <SectionRoute {...await props.params} mode="member" />;
}
