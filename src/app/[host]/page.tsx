import { TopRoute } from '@/features/content/components/routes/top-route';
import type { HostParams } from '@/features/site/server/site';

// Cached for every signed-out visitor (ISR, see the layout); a request with a session gets member-view/ instead.
export default async function HomePage(props: HostParams) {
  return <TopRoute host={(await props.params).host} mode="public" />;
}
