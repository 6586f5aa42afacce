import { TopRoute } from '@/features/content/app';
import type { AudienceParams } from '@/features/content';

// One rendering per audience, kept (ISR, see the layout) and never reading the request: proxy.ts chose the audience.
export function generateStaticParams() {
  return [];
}

export default async function HomePage(props: { params: Promise<AudienceParams> }) {
  return <TopRoute {...await props.params} />;
}
