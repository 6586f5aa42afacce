import { TopRoute } from '@/features/content/components/routes/top-route';
import type { HostParams } from '@/features/site/server/site';

// The top page as every premium member sees it, cached (ISR, see the layout) and rendered without reading the
// request: nothing in it is personal. Reached only through the front server, which checked the session (decision 0012).
export default async function HomePage(props: HostParams) {
  return <TopRoute host={(await props.params).host} mode="premium" />;
}
