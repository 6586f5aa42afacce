import type { Metadata } from 'next';
import { requireSite, type HostParams } from '@/features/site/app';
import { DrawsPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '抽選の記録' };

/** Public, signed out too: every published draw of the site. */
export default async function DrawsRoute(props: HostParams) {
  return <DrawsPage site={await requireSite(props)} />;
}
