import type { Metadata } from 'next';
import { ItemRoute, itemMetadata } from '@/features/content/components/routes/item-route';

interface Props {
  params: Promise<{ host: string; section: string; id: string }>;
}

// Cached for every signed-out visitor (ISR, see the layout): a premium item shows its teaser only.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return itemMetadata(await props.params, 'public');
}

export default async function Page(props: Props) {
  return <ItemRoute {...await props.params} mode="public" />;
}
