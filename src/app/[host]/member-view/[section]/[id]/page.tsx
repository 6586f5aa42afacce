import type { Metadata } from 'next';
import { ItemRoute, itemMetadata } from '@/features/content/components/routes/item-route';

interface Props {
  params: Promise<{ host: string; section: string; id: string }>;
}

// A request with a session (proxy.ts): rendered for its viewer, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata(props: Props): Promise<Metadata> {
  return itemMetadata(await props.params, 'member');
}

export default async function Page(props: Props) {
  return <ItemRoute {...await props.params} mode="member" />;
}
