import { requireSite, type HostParams } from '@/features/site/server/site';
import { TopPage } from '@/features/site/components/top-page';

export default async function HomePage(props: HostParams) {
  const site = await requireSite(props);
  return <TopPage config={site.config} />;
}
