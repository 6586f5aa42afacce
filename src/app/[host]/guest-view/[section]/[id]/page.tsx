import type { Metadata } from 'next';
import { ItemRoute, itemMetadata } from '@/features/content/components/routes/item-route';

interface Props {
  params: Promise<{ host: string; section: string; id: string }>;
}

// The item page of a signed-in member without premium, cached like the visitor's (ISR, see the layout): it differs
// only in the way in. Reached only through the front server, which checked the session (decision 0012).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return itemMetadata(await props.params, 'guest');
}

export default async function Page(props: Props) {
  return <ItemRoute {...await props.params} mode="guest" />;
}
