import type { Metadata } from 'next';
import { ItemRoute, itemMetadata } from '@/features/content/components/routes/item-route';

interface Props {
  params: Promise<{ host: string; section: string; id: string }>;
}

// An item as every premium member sees it, cached (ISR, see the layout) and rendered without reading the request:
// nothing in it is personal. Reached only through the front server, which checked the session (decision 0012).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return itemMetadata(await props.params, 'premium');
}

export default async function Page(props: Props) {
  return <ItemRoute {...await props.params} mode="premium" />;
}
