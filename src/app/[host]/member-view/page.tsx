import { TopRoute } from '@/features/content/components/routes/top-route';
import type { HostParams } from '@/features/site/server/site';

// A request with a session (proxy.ts): rendered for its viewer, never cached.
export const dynamic = 'force-dynamic';

export default async function HomePage(props: HostParams) {
  return <TopRoute host={(await props.params).host} mode="member" />;
}
