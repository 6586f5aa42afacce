import type { Metadata } from 'next';
import { ItemRoute, itemMetadata } from '@/features/content/components/routes/item-route';

interface Props {
  params: Promise<{ host: string; section: string; id: string }>;
}

// The premium member's item page without its member-only part, cached (ISR, see the layout): it is rendered from
// the visitor's data only. The front server fills its PrivateRegion per request for a premium member (decision 0012).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return itemMetadata(await props.params, 'public');
}

export default async function Page(props: Props) {
  return <ItemRoute {...await props.params} mode="public" shell />;
}
